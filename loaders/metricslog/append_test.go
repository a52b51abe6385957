package metricslog

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"ctxlab/core/metrics"
	"ctxlab/loaders/internal/loadertest"
)

func appendRecord(id string, utilization float64) metrics.ContextMetrics {
	return metrics.ContextMetrics{RequestID: id, UseCase: "support_chat", TotalInputTokens: 900, BudgetUtilization: utilization,
		Timestamp: "2026-01-02T03:04:05Z"}
}

// TestAppendMetricsFile: the appended record always starts a line of its
// own, so the log still loads, and the alert comes back.
func TestAppendMetricsFile(t *testing.T) {
	good := metricsLine(t, "a", 0.5)
	tests := []struct {
		name, text string
		records    int
	}{
		{"missing file", "", 1},
		{"empty file", "", 1},
		{"blank lines only", "\n\n", 1},
		{"log ending in a newline", good + "\n", 2},
		{"last line without its newline", good, 2},
		{"BOM and one record without a newline", "\xEF\xBB\xBF" + good, 2},
		{"trailing blank line", good + "\n\n", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "m.jsonl")
			if tt.name != "missing file" {
				path = writeMetrics(t, tt.text)
			}
			if err := Check(path); err != nil {
				t.Fatalf("CheckMetricsLog: %v", err)
			}
			alert, err := Append(path, appendRecord("new", 0.95))
			if err != nil {
				t.Fatal(err)
			}
			if alert != "Context budget >90% for support_chat: 900 tokens" {
				t.Errorf("alert = %q", alert)
			}
			records, err := Load(path)
			if err != nil {
				t.Fatalf("the log no longer loads: %v", err)
			}
			if len(records) != tt.records || records[len(records)-1].RequestID != "new" {
				t.Errorf("records = %+v", records)
			}
			data, _ := os.ReadFile(path)
			if !strings.HasSuffix(string(data), "}\n") {
				t.Errorf("the log does not end with the record and a newline: %q", data)
			}
		})
	}
}

// TestAppendMetricsFileRefusesOtherFiles: a file that is not a metrics
// log is left as it was, with one line saying why.
func TestAppendMetricsFileRefusesOtherFiles(t *testing.T) {
	good := metricsLine(t, "a", 0.5)
	tests := []struct {
		name, text, want string
	}{
		{"binary", "\x89PNG\r\n\x1a\n\x00\x00\xff", ": line 3: the last line is not text (invalid UTF-8); expected a metrics log"},
		{"last line not JSON", good + "\nhello world", `: line 2: the last line is not a metrics record (not a JSON object: invalid character 'h' looking for beginning of value); expected a metrics log (JSON Lines of ContextMetrics records) to append to`},
		{"a document set", `{"content": "Refunds take 5 days.", "score": 0.9}` + "\n", `: line 1: the last line is not a metrics record (field "request_id" is missing)`},
		{"a cut-short record", good + "\n" + good[:40], ": line 2: the last line is not a metrics record (not a JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeMetrics(t, tt.text)
			for _, err := range []error{Check(path), func() error { _, err := Append(path, appendRecord("new", 0.5)); return err }()} {
				if err == nil {
					t.Fatal("no error")
				}
				loadertest.AssertOneLineError(t, err)
				if !strings.HasPrefix(err.Error(), path+tt.want) {
					t.Errorf("got  %s\nwant %s%s", err, path, tt.want)
				}
			}
			if data, _ := os.ReadFile(path); string(data) != tt.text {
				t.Errorf("the file was changed: %q", data)
			}
		})
	}

	dir := t.TempDir()
	if _, err := Append(dir, appendRecord("new", 0.5)); err == nil || err.Error() != dir+": is a directory; expected a metrics log file (JSON Lines)" {
		t.Errorf("a directory: %v", err)
	}
	missing := filepath.Join(dir, "no-such-dir", "m.jsonl")
	if err := Check(missing); err == nil || err.Error() != missing+": no such file or directory" {
		t.Errorf("an unreachable path: %v", err)
	}
}

// TestAppendMetricsFileLongLastLine: only the tail is read, and a last
// line longer than the tail is refused rather than guessed at.
func TestAppendMetricsFileLongLastLine(t *testing.T) {
	good := metricsLine(t, "a", 0.5)
	long := strings.Repeat(good+"\n", 2000) // well past the tail read
	path := writeMetrics(t, long)
	if _, err := Append(path, appendRecord("new", 0.5)); err != nil {
		t.Fatal(err)
	}
	if records, err := Load(path); err != nil || len(records) != 2001 {
		t.Fatalf("%d records, %v", len(records), err)
	}
	path = writeMetrics(t, good+"\n"+strings.Repeat("x", metricsTailSize+10))
	if err := Check(path); err == nil || !strings.Contains(err.Error(), "its last line is longer than 64 KiB") {
		t.Errorf("a huge last line: %v", err)
	}
}

// FuzzAppendMetricsFile: any file either is refused, left as it was, or
// takes the record on a line of its own that the log reader reads back.
func FuzzAppendMetricsFile(f *testing.F) {
	good := `{"request_id":"a","use_case":"u","total_input_tokens":1,"system_tokens":0,"history_tokens":0,"rag_tokens":0,"tool_tokens":0,"query_tokens":1,"budget_utilization":0.1,"truncated_components":[],"timestamp":"2026-01-02T03:04:05Z"}`
	for _, seed := range []string{"", "\n", good, good + "\n", good + "\n\n", "\xEF\xBB\xBF" + good, "x", "{}", good + "\n{", "\x00\xff", good + "\r\n"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "m.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		checkErr := Check(path)
		_, err := Append(path, appendRecord("fuzz", 0.5))
		if (checkErr == nil) != (err == nil) {
			t.Fatalf("CheckMetricsLog %v, AppendMetricsFile %v", checkErr, err)
		}
		after, _ := os.ReadFile(path)
		if err != nil {
			loadertest.AssertOneLineError(t, err)
			if string(after) != string(data) {
				t.Fatalf("a refused file was changed: %q → %q", data, after)
			}
			return
		}
		lines := strings.Split(strings.TrimSuffix(string(after), "\n"), "\n")
		last, err := metrics.ParseLine([]byte(lines[len(lines)-1]))
		if err != nil || last.RequestID != "fuzz" {
			t.Fatalf("the appended record is not a line of its own: %q (%v)", after, err)
		}
	})
}

// TestMetricsLogRefusesAFIFO: a record appended to a FIFO nobody reads is
// lost, so a FIFO, like a device, is refused before anything is written.
func TestMetricsLogRefusesAFIFO(t *testing.T) {
	t.Parallel()
	fifo := filepath.Join(t.TempDir(), "metrics.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	want := fifo + ": is not a regular file (a pipe, a device or a socket); expected a metrics log file (JSON Lines) to append to"
	if err := Check(fifo); err == nil || err.Error() != want {
		t.Errorf("CheckMetricsLog: got %v, want %s", err, want)
	}
	if _, err := Append(fifo, metrics.ContextMetrics{UseCase: "x"}); err == nil || err.Error() != want {
		t.Errorf("AppendMetricsFile: got %v, want %s", err, want)
	}
	if err := Check("/dev/null"); err == nil {
		t.Error("/dev/null was taken as a metrics log")
	}
}
