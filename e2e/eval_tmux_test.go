//go:build e2e

package e2e

import "testing"

// TestWorkbenchEvalView opens the sample evaluation scenario, whose eval:
// key names the run: the Eval view first, a query opened in the other
// views, a knob turned there, and back to the table rerun under it.
func TestWorkbenchEvalView(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 160, 48, nil, "sample/eval/help_center.yaml")
	s.waitFor("a Eval: sample/eval/run.trec", "29 queries · context recall 0.74 (0.83 in the blocks)", "60 duplicates removed", "▸ q01")
	s.send("j")
	s.send("j")
	s.send("Enter")
	s.waitFor("help_center_eval · query q03", "1 Documents", "kb-damaged-in-transit")
	// Lower the dedup threshold from the controls, then return: every
	// query was rerun under 0.80 (ctxlab eval --dedup-threshold 0.8 gives
	// the same figures: recall as sent stays, the blocks' rises).
	s.send("c")
	s.send("Left")
	s.waitFor("dedup ◂0.80▸")
	s.send("Escape")
	s.send("a")
	s.waitFor("29 queries · context recall 0.74 (0.85 in the blocks)", "75 duplicates removed", "▸ q03")
	s.send("j")
	s.waitFor("◆ q03", "▸ q04")
	s.send("q")
}
