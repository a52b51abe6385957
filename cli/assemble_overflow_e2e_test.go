package cli_test

// ctxlab assemble's exit status 3, its metrics log, and ctxlab monitor reading it.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var overflowLine = regexp.MustCompile(`^Context exceeds budget: (\d+) > (\d+)\n$`)

func TestAssembleOverflowExits3(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"--scenario", "../sample/overflow.yaml", "--mode", "measure"},
		// Budgeted: every component is cut to 10 tokens, but the query is
		// never cut and the framing has no allocation.
		{"--window", "200", "--reserve", "100", "--system-budget", "10", "--tools-budget", "10", "--history-budget", "10", "--rag-budget", "10", "--tool-results-budget", "10", "--query-budget", "10"},
	} {
		t.Run(strings.Join(args[:2], " "), func(t *testing.T) {
			t.Parallel()
			stdout, stderr, code := run(t, "", append([]string{"assemble", "--format", "json"}, args...)...)
			if code != 3 {
				t.Fatalf("exit %d, want 3; stderr %q", code, stderr)
			}
			m := overflowLine.FindStringSubmatch(stderr)
			if m == nil {
				t.Fatalf("stderr = %q, want exactly one line `Context exceeds budget: X > Y`", stderr)
			}
			out := parseAssemble(t, stdout)
			if out.Assembly.Fits || m[1] != itoa(out.Assembly.Used) || m[2] != itoa(out.Assembly.MaxInput) {
				t.Errorf("stderr %q but JSON used %d, max input %d, fits %v", stderr, out.Assembly.Used, out.Assembly.MaxInput, out.Assembly.Fits)
			}
		})
	}
	// The text report is printed too, and says it does not fit.
	stdout, _, code := run(t, "", "assemble", "--scenario", "../sample/overflow.yaml", "--mode", "measure")
	if code != 3 || !strings.Contains(stdout, "does not fit") {
		t.Errorf("text: exit %d, report:\n%.1500s", code, stdout)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestAssembleMetricsOutThenMonitor(t *testing.T) {
	t.Parallel()
	log := filepath.Join(t.TempDir(), "metrics.jsonl")
	_, stderr, code := run(t, "", "assemble", "--format", "json", "--metrics-out", log, "--request-id", "req-ok")
	if code != 0 || stderr != "" {
		t.Fatalf("fitting request: exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = run(t, "", "assemble", "--format", "json", "--scenario", "../sample/overflow.yaml", "--mode", "measure", "--metrics-out", log, "--request-id", "req-over")
	if code != 3 {
		t.Fatalf("overflowing request: exit %d, stderr %q", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "Context budget >90% for support_chat: ") || !strings.HasPrefix(lines[1], "Context exceeds budget: ") {
		t.Errorf("stderr = %q, want the alert then the overflow", stderr)
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	records := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(records) != 2 || !strings.Contains(records[0], `"request_id":"req-ok"`) || !strings.Contains(records[1], `"request_id":"req-over"`) {
		t.Fatalf("metrics log:\n%s", data)
	}

	stdout, stderr, code := run(t, "", "monitor", log)
	if code != 0 {
		t.Fatalf("monitor: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"2 requests", "p50", "p90", "p99", ">100%", "█", "Alerts (utilization above 90%): 1 of 2 requests", "▲ Context budget >90% for support_chat: ", "Truncations", "Per use case", "support_chat"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("monitor report lacks %q:\n%s", want, stdout)
		}
	}
	stdout, _, code = run(t, "", "monitor", log, "--format", "json")
	var report struct {
		Requests     int      `json:"requests"`
		Alerts       int      `json:"alerts"`
		RecentAlerts []string `json:"recent_alerts"`
	}
	if err := json.Unmarshal([]byte(stdout), &report); err != nil || code != 0 {
		t.Fatalf("monitor json: exit %d, %v\n%s", code, err, stdout)
	}
	if report.Requests != 2 || report.Alerts != 1 || len(report.RecentAlerts) != 1 {
		t.Errorf("monitor json = %+v", report)
	}
}

// TestAssembleMetricsOutAppendsSafely: a log whose last record lacks its
// newline gets one before the next record, so monitor still reads it; a
// file that is not a metrics log is refused before anything is printed,
// and left as it was.
func TestAssembleMetricsOutAppendsSafely(t *testing.T) {
	log := filepath.Join(t.TempDir(), "metrics.jsonl")
	if _, stderr, code := run(t, "", "assemble", "--format", "json", "--metrics-out", log, "--request-id", "first"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, _ := os.ReadFile(log)
	if err := os.WriteFile(log, []byte(strings.TrimRight(string(data), "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := run(t, "", "assemble", "--format", "json", "--metrics-out", log, "--request-id", "second"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	stdout, stderr, code := run(t, "", "monitor", log, "--format", "json")
	if code != 0 || !strings.Contains(stdout, `"requests": 2`) {
		t.Errorf("monitor after an append to a log without its newline: exit %d, %s\n%s", code, stderr, stdout)
	}

	for name, content := range map[string]string{
		"picture.png": "\x89PNG\r\n\x1a\n\x00\x00\xff\xfe",
		"notes.txt":   "shopping list\nmilk\n",
	} {
		path := writeFile(t, name, content)
		stdout, stderr, code := run(t, "", "assemble", "--metrics-out", path)
		if code != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 ||
			!strings.HasPrefix(stderr, "ctxlab: --metrics-out "+path+": line ") || !strings.Contains(stderr, "expected a metrics log") {
			t.Errorf("%s: exit %d, stdout %d bytes, stderr %q", name, code, len(stdout), stderr)
		}
		if data, _ := os.ReadFile(path); string(data) != content {
			t.Errorf("%s was changed: %q", name, data)
		}
	}
}
