package metricslog

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/core/metrics"
	"ctxlab/loaders"
	"ctxlab/loaders/internal/loadertest"
)

func metricsLine(t *testing.T, id string, utilization float64) string {
	t.Helper()
	data, err := json.Marshal(metrics.ContextMetrics{
		RequestID: id, UseCase: "support_chat", TotalInputTokens: 900, SystemTokens: 100, HistoryTokens: 300,
		RAGTokens: 400, ToolTokens: 50, QueryTokens: 50, BudgetUtilization: utilization,
		TruncatedComponents: []string{}, Timestamp: "2026-01-02T03:04:05Z",
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func writeMetrics(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "metrics.jsonl")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLoadMetrics(t *testing.T) {
	text := "\xEF\xBB\xBF" + metricsLine(t, "a", 0.5) + "\n\n" + metricsLine(t, "b", 0.95) + "\n"
	records, err := Load(writeMetrics(t, text))
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != 2 || records[0].RequestID != "a" || records[1].BudgetUtilization != 0.95 {
		t.Errorf("records %+v", records)
	}
	// The last line may lack its newline.
	records, err = Load(writeMetrics(t, metricsLine(t, "c", 0.1)))
	if err != nil || len(records) != 1 {
		t.Errorf("%v %+v", err, records)
	}
}

func TestLoadMetricsBadInput(t *testing.T) {
	good := metricsLine(t, "a", 0.5)
	tests := []struct {
		name, text, want string
	}{
		{"not JSON", good + "\n{oops\n", `: line 2: invalid metrics record: not a JSON object`},
		{"missing field", good + "\n" + good + "\n" + `{"request_id": "x"}` + "\n", `: line 3: invalid metrics record: field "use_case" is missing`},
		{"invalid UTF-8", "\xff\n", ": line 1: invalid UTF-8 at byte offset 0 (byte 0xff); expected UTF-8 text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeMetrics(t, tt.text)
			_, err := Load(path)
			if err == nil {
				t.Fatal("no error")
			}
			loadertest.AssertOneLineError(t, err)
			if !strings.HasPrefix(err.Error(), path+tt.want) {
				t.Errorf("got  %s\nwant %s%s", err, path, tt.want)
			}
		})
	}
}

func TestLoadMetricsEmpty(t *testing.T) {
	for _, text := range []string{"", "\n\n"} {
		if _, err := Load(writeMetrics(t, text)); !errors.Is(err, loaders.ErrEmpty) {
			t.Errorf("%q: %v, want ErrEmpty", text, err)
		}
	}
	if _, err := Load(filepath.Join(t.TempDir(), "none.jsonl")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
