package trajectory

import "testing"

// A request's parts add up to its input tokens under every policy, and
// each part holds what it names: the summary only under compaction, the
// stubs only when tool results are cleared, the query under as-sent.
func TestPartsAddUpToTheInput(t *testing.T) {
	msgs := agentConversation(120, 60)
	tr := buildConversation(t, msgs, "gpt-4o", 6000, 500)
	opts := openAIOptions("gpt-4o")
	opts.Parts = true
	rep := replayAll(t, tr, Defaults(), opts)
	for _, p := range rep.Policies {
		summary, stubs := 0, 0
		for _, tu := range p.Turns {
			if got := tu.Parts.Total(); got != tu.InputTokens {
				t.Fatalf("%s, turn %d: parts add up to %d, input is %d (%+v)", p.Name, tu.Turn, got, tu.InputTokens, tu.Parts)
			}
			if tu.Parts.Fixed != tr.Turns[tu.Turn-1].Fixed || tu.Parts.System == 0 {
				t.Fatalf("%s, turn %d: parts %+v lack the fixed part or the system prompt", p.Name, tu.Turn, tu.Parts)
			}
			if p.Policy().Kind == KindAsSent && tu.Parts.Query == 0 {
				t.Fatalf("turn %d as sent: parts %+v lack the query", tu.Turn, tu.Parts)
			}
			summary += tu.Parts.Summary
			stubs += tu.Parts.Stubs
		}
		if (summary > 0) != (p.Policy().Kind == KindCompact) {
			t.Errorf("%s: summary tokens %d", p.Name, summary)
		}
		if (stubs > 0) != (p.Policy().Kind == KindClearToolResults) {
			t.Errorf("%s: stub tokens %d", p.Name, stubs)
		}
	}
	// As sent, the turn's parts are the whole turn.
	for i, tu := range rep.Policies[0].Turns {
		if tu.Parts.Total() != tr.Turns[i].InputTokens {
			t.Fatalf("turn %d as sent: parts %d, turn %d", i+1, tu.Parts.Total(), tr.Turns[i].InputTokens)
		}
	}
}
