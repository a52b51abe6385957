package report

import (
	"slices"
	"strings"
	"testing"
)

// TestRankFixes: fixes that make an overflowing request fit come first,
// one that fits with no margin after them, and those that leave it over
// last, whatever order core gave; within a class core's order stays.
func TestRankFixes(t *testing.T) {
	over := FixFacts{UsedBefore: 66151, UsedAfter: 66150, MaxInputAfter: 14000, ClearsSerious: 3, Clears: 4}
	tight := FixFacts{UsedBefore: 66151, UsedAfter: 13999, MaxInputAfter: 14000, FitsAfter: true}
	roomy := FixFacts{UsedBefore: 66151, UsedAfter: 10092, MaxInputAfter: 14000, FitsAfter: true}
	roomy2 := FixFacts{UsedBefore: 66151, UsedAfter: 9378, MaxInputAfter: 14000, FitsAfter: true}
	got := RankFixes([]FixFacts{over, tight, roomy, roomy2})
	if want := []int{2, 3, 1, 0}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	for _, c := range []struct {
		f     FixFacts
		class FixClass
		words string
	}{
		{over, FixLeavesOver, "does not fix the overflow: the request stays over by 52,150 tokens"},
		{tight, FixResolves, "resolves the overflow; no margin: 1 token under the max input"},
		{roomy, FixResolves, "resolves the overflow"},
		{FixFacts{UsedAfter: 100, MaxInputAfter: 1000, FitsBefore: true, FitsAfter: true, ClearsSerious: 2, RaisesSerious: 1, Clears: 2}, FixImproves, "clears 2 warnings, raises 1"},
		{FixFacts{UsedAfter: 100, MaxInputAfter: 1000, FitsBefore: true, FitsAfter: true, ClearsSerious: 3, RaisesSerious: 3, Clears: 3}, FixTrades, "trades one problem for another: clears 3 warnings, raises 3"},
		{FixFacts{UsedAfter: 100, MaxInputAfter: 1000, FitsBefore: true, FitsAfter: true, Clears: 1}, FixMinor, "minor: clears only notes"},
		{FixFacts{UsedAfter: 1100, MaxInputAfter: 1000, FitsBefore: true}, FixLeavesOver, "puts the request over its max input by 100 tokens"},
	} {
		if got := c.f.Classify(); got != c.class {
			t.Errorf("%+v: class %s, want %s", c.f, got, c.class)
		}
		if got := c.f.Words(); !strings.HasPrefix(got, c.words) {
			t.Errorf("%+v: words %q, want %q", c.f, got, c.words)
		}
	}
	if roomy.NoMargin() || !tight.NoMargin() || (FixFacts{UsedAfter: 989, MaxInputAfter: 1000, FitsAfter: true}).NoMargin() || !(FixFacts{UsedAfter: 991, MaxInputAfter: 1000, FitsAfter: true}).NoMargin() {
		t.Error("no margin is a fit within 1% of the max input")
	}
}

// TestImpact: the worst finding's consequence in a stakeholder's words,
// quoting the facts a finding's sentence quotes.
func TestImpact(t *testing.T) {
	for _, c := range []struct{ code, msg, want string }{
		{"weaker-copy-sent", "#15 kb/returns/refund-policy.md (rank 2, score 0.91) was dropped (141 tokens; budget already spent) while a similar but weaker text, #34 (rank 3, score 0.89), is sent as [2]; where they differ: 60 days → 30 days (dropped → sent); #34 is probably the stale one.",
			"The model may answer “30 days” where the better document says “60 days”"},
		{"conflicting-texts-sent", "#34 and #15 are similar texts, both sent as [2] and [10], that state different facts: 30 days → 60 days; the model may quote either.",
			"The model sees both “30 days” and “60 days” and may quote either."},
		{"overflow", "Context exceeds budget.", "The provider refuses a request over its window"},
		{"allocation-unused", "spare", ""},
	} {
		if got := Impact(c.code, c.msg); !strings.HasPrefix(got, c.want) || (c.want == "" && got != "") {
			t.Errorf("%s: %q, want %q", c.code, got, c.want)
		}
	}
}

// TestClassifyRaisesOnCleared: a fix that clears a weaker copy and sends
// the same two documents as a contradiction moved the problem; it is a
// trade-off, not a fix that settles it, however many warnings it clears.
func TestClassifyRaisesOnCleared(t *testing.T) {
	moved := FixFacts{UsedAfter: 100, MaxInputAfter: 1000, FitsBefore: true, FitsAfter: true, ClearsSerious: 2, RaisesSerious: 1, Clears: 2, RaisesOnCleared: 1}
	if got := moved.Classify(); got != FixTrades {
		t.Errorf("class %s, want %s", got, FixTrades)
	}
	if w := moved.Words(); !strings.Contains(w, "trades one problem for another") || !strings.Contains(w, "about the same rows") {
		t.Errorf("words %q", w)
	}
	if g := GroupFixes([]Fix{{Class: moved.Classify()}}); g[0].Title != "Trade-offs and minor fixes" {
		t.Errorf("grouped under %q", g[0].Title)
	}
}
