package pipeline

import (
	"strings"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/value"
)

// A document that does not fit is represented by the sentences that
// answer the query, not by its title line, in both budget modes, within
// the budget and the synopsis cap.
func TestSynopsisCarriesTheQuerysFacts(t *testing.T) {
	policy := "# Returns\nThis page is about returns at Larkspur. " + testtext.Words(60, "filler") +
		".\nOpened sleeping bags cannot be refunded after 14 days, only exchanged.\nStore credit is offered instead for late returns."
	docs := []value.Document{
		{Content: testtext.Words(100, "a"), Score: 0.9, Source: "a"},
		{Content: policy, Score: 0.8, Source: "policy"},
	}
	for _, mode := range BudgetModes.Values {
		res := mustBuild(t, docs, func(o *Options) {
			o.Budget, o.SummarizeOverflow, o.LostInMiddle, o.BudgetMode = 170, true, false, mode
			o.Query = "Can I return an opened sleeping bag?"
		})
		tr := res.Trace.Doc(1)
		if tr.Fate != FateSummarized {
			t.Fatalf("%s: fate = %s (%s)", mode, tr.Fate, tr.BudgetReason())
		}
		summary := res.IncludedDocs[1].Content
		if !strings.Contains(summary, "Opened sleeping bags cannot be refunded after 14 days") {
			t.Errorf("%s: synopsis %q lacks the answer", mode, summary)
		}
		if tr.TokensKept > synopsisCap(res.Trace.Tokens(1)) {
			t.Errorf("%s: synopsis of %d tokens over its cap %d", mode, tr.TokensKept, synopsisCap(res.Trace.Tokens(1)))
		}
		if !strings.Contains(tr.BudgetReason(), "sentences)") {
			t.Errorf("%s: reason %q does not say how much it kept", mode, tr.BudgetReason())
		}
		if mode == BudgetStrict && res.TokensUsed > 170 {
			t.Errorf("strict: block of %d tokens over 170", res.TokensUsed)
		}
	}
}
