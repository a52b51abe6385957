package metrics

import (
	"reflect"
	"testing"
	"time"

	"ctxlab/core/window"
)

func TestMetricsFor(t *testing.T) {
	a, err := window.Assemble(asmInput(window.Budgeted))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2025, 3, 4, 5, 6, 7, 890, time.FixedZone("CET", 3600))
	cases := []struct {
		name, useCase, wantUseCase string
	}{
		{"assembly's use case", "", "support_chat"},
		{"explicit use case", "document_qa", "document_qa"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := For(a, "req-1", c.useCase, now)
			want := ContextMetrics{
				RequestID: "req-1", UseCase: c.wantUseCase,
				TotalInputTokens: 65, SystemTokens: 9, HistoryTokens: 5, RAGTokens: 7,
				ToolTokens: 3 + 3, QueryTokens: 6, BudgetUtilization: 65.0 / 90.0,
				TruncatedComponents: []string{"system", "tools", "history", "rag", "tool_results"},
				Timestamp:           "2025-03-04T04:06:07Z",
				MaxInputTokens:      90, FramingTokens: 23, LabelTokens: 9,
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got  %+v\nwant %+v", got, want)
			}
			sum := got.SystemTokens + got.HistoryTokens + got.RAGTokens + got.ToolTokens + got.QueryTokens + got.FramingTokens + got.LabelTokens
			if sum != got.TotalInputTokens {
				t.Errorf("fields sum to %d, total is %d", sum, got.TotalInputTokens)
			}
		})
	}
	in := asmInput(window.Budgeted)
	in.Budget, _ = window.Preset(window.PresetSupportChat) // room for everything: nothing is cut
	fits, err := window.Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	if m := For(fits, "r", "", now); m.TruncatedComponents == nil || len(m.TruncatedComponents) != 0 {
		t.Errorf("no truncation must be [] not null: %#v", m.TruncatedComponents)
	}
}

func BenchmarkReportMetrics(b *testing.B) {
	records := make([]ContextMetrics, 10_000)
	for i := range records {
		records[i] = monitorRecord(window.PresetNames[i%len(window.PresetNames)], 1000+i, float64(i%120)/100, "history")
	}
	b.ReportAllocs()
	for b.Loop() {
		Report(records)
	}
}
