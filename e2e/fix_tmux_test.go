//go:build e2e

package e2e

import (
	"strings"
	"testing"

	"ctxlab/internal/testcorpus"
)

// TestWorkbenchAppliesAFixInTmux: on the overflowing sample and on a
// recorded agent request given a window barely above its reserve, f
// previews the lossless fix first (the model's own window), f again the
// next one, which fits; enter applies it and the request fits, u undoes
// it.
func TestWorkbenchAppliesAFixInTmux(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		args []string
		// over is on screen before the fix and after u; fixed after it.
		over, fixed    string
		preview, flags string
	}{
		{
			name: "overflow sample", args: []string{"--scenario", "sample/overflow.yaml"},
			over: "66,151 / 14,000 input · ▲ over the max input by 52,151", fixed: "10,092 / 14,000 input",
			preview: "request 66,151 → 10,092 tokens of 14,000 max input · fits", flags: "headless: --drop-item tool_result:2",
		},
		{
			name: "agent request", args: []string{"--request", testcorpus.Path("pydantic-ai-llm-requests/test_prefect_agent_with_hitl_tool.yaml"), "--window", "4150"},
			over: "71 / 54 input · ▲ over the max input by 17", fixed: "71 / 71 input · measured as sent, fits",
			preview: "request 71 → 71 tokens of 71 max input · fits", flags: "headless: --reserve 4079",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := startTmux(t, 120, 40, nil, c.args...)
			s.waitFor(c.over)
			s.send("f")
			s.waitFor("Fix 1 of", "(--window 128000)", "nothing sent changes", "lost: nothing sent is cut or dropped")
			s.send("f")
			s.waitFor("Fix 2 of", c.preview, c.flags)
			s.send("Enter")
			s.waitFor(c.fixed)
			s.waitUntil("the overflow gone", func(screen string) bool { return !strings.Contains(screen, "over the max input") })
			s.send("u")
			s.waitFor(c.over)
		})
	}
}
