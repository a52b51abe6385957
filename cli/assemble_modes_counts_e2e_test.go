package cli_test

import (
	"encoding/json"
	"testing"
)

// tauBenchRequest is a tau-bench airline trajectory's last request: 14
// tools, tool calls with their results.
const tauBenchRequest = "../loaders/trajectory/testdata/taubench/airline-task2-62-messages.json"

type modeComponent struct {
	Name      string `json:"name"`
	Raw       int    `json:"raw"`
	Used      int    `json:"used"`
	Truncated bool   `json:"truncated"`
}

type modeReport struct {
	Assembly struct {
		Components []modeComponent `json:"components"`
		Used       int             `json:"used"`
	} `json:"assembly"`
	Measured struct {
		Components []modeComponent `json:"components"`
		Used       int             `json:"used"`
	} `json:"measured"`
}

func modeRun(t *testing.T, args ...string) modeReport {
	t.Helper()
	out, errOut, code := run(t, "", append([]string{"assemble", "--request", tauBenchRequest, "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r modeReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("json: %v", err)
	}
	return r
}

// An imported request in the chat layout is counted part by part as it
// is billed in both modes: with allocations that cut nothing, each
// component's raw and used are the measured ones, and nothing is cut.
func TestAssembleBudgetedChatCountsAsBilled(t *testing.T) {
	measured := modeRun(t, "--mode", "measure")
	budgeted := modeRun(t, "--mode", "budgeted", "--system-budget", "5000", "--tools-budget", "5000",
		"--history-budget", "5000", "--tool-results-budget", "20000", "--query-budget", "2000")
	want := map[string]int{}
	for _, c := range measured.Assembly.Components {
		want[c.Name] = c.Raw
	}
	for _, c := range budgeted.Assembly.Components {
		if c.Raw != want[c.Name] {
			t.Errorf("%s: raw %d budgeted, %d measured", c.Name, c.Raw, want[c.Name])
		}
		if c.Truncated || c.Used != c.Raw {
			t.Errorf("%s: used %d of raw %d (truncated %v), though every allocation fits", c.Name, c.Used, c.Raw, c.Truncated)
		}
	}
	if budgeted.Assembly.Used != measured.Assembly.Used {
		t.Errorf("total %d budgeted, %d measured", budgeted.Assembly.Used, measured.Assembly.Used)
	}

	// Cut: what is kept is counted as billed too, within its allocation.
	cut := modeRun(t, "--mode", "budgeted", "--tools-budget", "800", "--tool-results-budget", "5000")
	for _, c := range cut.Assembly.Components {
		if c.Name != "framing" && c.Raw != want[c.Name] {
			t.Errorf("cut: %s: raw %d, %d measured", c.Name, c.Raw, want[c.Name])
		}
		if (c.Name == "tools" && c.Used > 800) || (c.Name == "tool_results" && c.Used > 5000) {
			t.Errorf("cut: %s: used %d over its allocation", c.Name, c.Used)
		}
	}
}
