package cli

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"ctxlab/core"
)

// `ctxlab --request big.json --window 1500` opens although the 4,096
// reserve leaves no room: the workbench's launch path loads it and its
// first evaluation is an overflow caused by the reserve.
func TestWorkbenchOpensSmallWindowRequest(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.json")
	body := `{"model": "gpt-4o", "messages": [{"role": "user", "content": "Where is my order?"}]}`
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--request", path, "--window", "1500"},
		{"--request", path, "--window", "1500", "--rag-budget", "500"}, // budgeted
	} {
		var wf workbenchFlags
		fs := newWorkbenchFlagSet(testEnv(), &wf)
		if err := parseFlags(fs, args); err != nil {
			t.Fatal(err)
		}
		run, err := prepareAssembly(testEnv(), fs, &wf.assemble)
		if err != nil {
			t.Fatalf("%v: refused: %v", args, err)
		}
		ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: run.scenario}, run.settings)
		if err != nil {
			t.Fatalf("%v: evaluation refused: %v", args, err)
		}
		if ev.Overflow == nil || ev.Overflow.Reserve == nil || ev.Overflow.Reserve.Window != 1_500 || ev.Overflow.Reserve.Reserve != 4_096 {
			t.Errorf("%v: overflow %+v, want one caused by the 4,096 reserve in 1,500", args, ev.Overflow)
		}
	}
}
