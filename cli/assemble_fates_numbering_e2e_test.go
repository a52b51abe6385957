package cli_test

import (
	"encoding/json"
	"testing"
)

// TestAssembleFatesUseTheRequestsNumbering checks that the JSON report
// names each history message by its number in the request as sent, from
// 1 with the system message included, as every view and finding does: the
// bundled agent scenario has a system prompt and sends its retrieved
// context as message 2, so its history starts at message 3.
func TestAssembleFatesUseTheRequestsNumbering(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble", "--scenario", "../sample/agent_workflow.yaml", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Assembly struct {
			Memory struct {
				Fates []map[string]any `json:"fates"`
			} `json:"memory"`
		} `json:"assembly"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	fates := out.Assembly.Memory.Fates
	if len(fates) < 2 {
		t.Fatalf("%d fates, want the sample's history", len(fates))
	}
	for i, f := range fates {
		if _, ok := f["index"]; ok {
			t.Errorf("fate %d carries a 0-based index: %v", i, f)
		}
		if got, want := f["message"], float64(i+3); got != want {
			t.Errorf("fate %d names message %v, want %v (the system prompt is message 1, the retrieved context 2)", i, got, want)
		}
	}
}
