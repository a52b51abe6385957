package diagnose

import (
	"strings"
	"testing"

	"ctxlab/core/pipeline"
	"ctxlab/core/value"
)

// claimText is a long article in which one figure can change without
// the copy ceasing to be a near duplicate.
func claimText(days string) string {
	return "If your order arrives damaged, please report it within " + days + " of delivery so we can make it right quickly. " +
		"Start a claim from the order page by choosing Report a problem, or reply to your shipping confirmation email. " +
		"Include a photo of the damaged item, a photo of the outside of the box showing the shipping label, and a short " +
		"description of what is wrong. You do not need to return the damaged item before we act: once the photos are " +
		"reviewed, usually within one business day, we ship a replacement at no cost by the fastest method available."
}

func TestRemovedNearDuplicateWithADifferentFigure(t *testing.T) {
	docs := []value.Document{
		{Source: "kb/damaged.md", Score: 0.96, Content: claimText("14 days")},
		{Source: "export/damaged.html", Score: 0.94, Content: claimText("10 days")},
	}
	fs := Diagnose(buildInput(t, docs, 1_000, nil))
	f := onlyFinding(t, fs, CodeConflictingNearDuplicate)
	wantContains(t, f, "#2 export/damaged.html (score 0.94) was removed as a near duplicate", "of #1 kb/damaged.md",
		"14 days → 10 days (kept → removed)")
	wantRefs(t, f, "[#2 #1]")
}

func TestRemovedNearDuplicateThatOnlyRewordsIsNoConflict(t *testing.T) {
	docs := []value.Document{
		{Source: "kb/damaged.md", Score: 0.96, Content: claimText("14 days")},
		{Source: "export/damaged.html", Score: 0.94, Content: strings.Replace(claimText("14 days"), "quickly", "promptly", 1)},
	}
	in := buildInput(t, docs, 1_000, nil)
	if in.Build.Trace.Doc(1).Duplicate == nil {
		t.Fatal("the reworded copy is not a near duplicate: the test proves nothing")
	}
	if got := findingsWith(Diagnose(in), CodeConflictingNearDuplicate); len(got) != 0 {
		t.Errorf("a reworded copy reads as a conflict: %s", describe(got))
	}
}

func TestSimilarDocumentsBothSentWithDifferentFacts(t *testing.T) {
	docs := []value.Document{
		{Source: "pricing/price-match.md", Score: 0.8, Content: "We match a lower price within 14 days of purchase for identical items sold by major retailers."},
		{Source: "archive/price-match.md", Score: 0.7, Content: "We match a lower price within 30 days of purchase for identical items sold by major retailers."},
	}
	// Dedup off (a threshold of 1 removes exact copies only), so both are sent.
	in := buildInput(t, docs, 1_000, func(o *pipeline.Options) { o.DedupThreshold = 1 })
	f := onlyFinding(t, Diagnose(in), CodeConflictingTextsSent)
	wantContains(t, f, "both sent as [1] and [2]", "14 days → 30 days", "the model may quote either",
		"#2 is probably the stale one (its source says archive)")
	wantRefs(t, f, "[#1 #2]")
}

func TestConflictingHunks(t *testing.T) {
	cases := []struct {
		name, a, b, want string
	}{
		{"number", "returned within 30 days of delivery", "returned within 14 days of delivery", "30 days → 14 days"},
		{"negation inserted", "these items are refundable in full", "these items are not refundable in full", "are refundable → are not refundable"},
		{"date", "the sale ends on Friday at noon", "the sale ends on Monday at noon", "Friday → Monday"},
		{"a range is one phrase with its unit", "orders arrive in 5 to 9 business days after shipping", "orders arrive in 3 to 7 business days after shipping",
			"5 to 9 business days → 3 to 7 business days"},
		{"a figure ends at a function word", "the link expires after one hour and cannot be reused", "the link expires after 30 minutes and cannot be reused",
			"one hour → 30 minutes"},
		{"a phrase ends with its clause", "refunds take 10 days, by card", "refunds take 5 days, by card", "10 days → 5 days"},
		{"reworded", "we reply quickly to every message", "we reply promptly to every message", ""},
		{"sentence added", "ships in two days.", "ships in two days. Holiday orders may take until December 24 to arrive.", ""},
		{"repeated change reads once", "pay 100% now and 100% later", "pay 50% now and 50% later", "100% now → 50% now; 100% later → 50% later"},
	}
	for _, c := range cases {
		hunks, ok := conflictingHunks(c.a, c.b)
		if !ok {
			t.Fatalf("%s: not diffed", c.name)
		}
		if got := quoteHunks(hunks); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

func TestDiffsAreBounded(t *testing.T) {
	long := func(figure string) string {
		return strings.Repeat("alpha beta ", 400) + figure + strings.Repeat(" of gamma", 400)
	}
	// A figure changed inside long equal runs: the middle is small.
	if hunks, ok := conflictingHunks(long("30 days"), long("14 days")); !ok || quoteHunks(hunks) != "30 days → 14 days" {
		t.Errorf("a small change in long texts: %v %q", ok, quoteHunks(hunks))
	}
	// Texts that differ throughout are not diffed.
	a := strings.Repeat("one 1 ", 400)
	b := strings.Repeat("two 2 ", 400)
	if _, ok := conflictingHunks(a, b); ok {
		t.Error("an 800-word middle was diffed")
	}
	// One run diffs at most maxDiffs pairs.
	docs := []value.Document{{Content: "within 30 days"}, {Content: "within 14 days"}}
	texts := newDocTexts(docs, nil)
	for range maxDiffs {
		if _, ok := texts.factChanges(0, 1); !ok {
			t.Fatal("a diff within the budget was refused")
		}
	}
	if _, ok := texts.factChanges(0, 1); ok {
		t.Error("a diff beyond the budget ran")
	}
}

// A removed copy filed under an archive is what dedup should remove: the
// finding says so and is only worth knowing; an archived copy kept over
// the current one stays a warning and says which is stale.
func TestRemovedNearDuplicateNamesTheStaleCopy(t *testing.T) {
	for _, tc := range []struct {
		name, keptSource, removedSource string
		severity                        Severity
		says                            string
	}{
		{"the archive removed", "kb/damaged.md", "kb/archive/2024/damaged.md", SeverityInfo,
			"the removed copy is probably the stale one (its source says archive, 2024), so the current one is kept."},
		{"the archive kept", "kb/archive/2024/damaged.md", "kb/damaged.md", SeverityWarning,
			"the kept copy is probably the stale one (its source says archive, 2024): check which one is current."},
	} {
		docs := []value.Document{
			{Source: tc.keptSource, Score: 0.96, Content: claimText("14 days")},
			{Source: tc.removedSource, Score: 0.94, Content: claimText("10 days")},
		}
		f := onlyFinding(t, Diagnose(buildInput(t, docs, 1_000, nil)), CodeConflictingNearDuplicate)
		if f.Severity != tc.severity {
			t.Errorf("%s: severity %s, want %s", tc.name, f.Severity, tc.severity)
		}
		wantContains(t, f, tc.says)
	}
}
