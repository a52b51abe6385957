package diagnose

import (
	"testing"

	"ctxlab/core/pipeline"
	"ctxlab/core/value"
)

// policyDocs are five short documents. With lost in the middle the
// order is ranks 1 3 5 4 2, so a 41-word budget sends ranks 1, 3 and 5
// and drops rank 2 (the current policy, 60 days) and rank 4, while rank
// 3 (the archived policy, 30 days) is sent as [2].
var policyDocs = []value.Document{ // 13, 14, 14, 14 and 14 words
	{Source: "claims.md", Score: 0.95, Content: "Report damaged items within fourteen days with photos of the box and label."},
	{Source: "refund-policy.md", Score: 0.91, Content: "Refund policy: unused items can be returned within 60 days of delivery, no questions."},
	{Source: "archive/refund-policy-v3.md", Score: 0.89, Content: "Refund policy: unused items can be returned within 30 days of delivery, no questions."},
	{Source: "gift-cards.md", Score: 0.70, Content: "Gift cards never expire and work on any order placed online or in stores."},
	{Source: "tent-care.md", Score: 0.50, Content: "Dry tents completely before storing them for the winter season in a cool place."},
}

func TestStrongDocumentsLostToTheReorderAndTheBudget(t *testing.T) {
	in := buildInput(t, policyDocs, 41, nil)
	fs := Diagnose(in)

	copyFinding := onlyFinding(t, fs, CodeWeakerCopySent)
	wantContains(t, copyFinding, "#2 refund-policy.md (rank 2, score 0.91) was dropped", "budget already spent",
		"#3 archive/refund-policy-v3.md (rank 3, score 0.89), is sent as [2]", "60 days → 30 days (dropped → sent)")
	wantRefs(t, copyFinding, "[#2 #3]")
	if copyFinding.Severity != SeverityWarning {
		t.Errorf("severity %s", copyFinding.Severity)
	}

	lost := onlyFinding(t, fs, CodeStrongDocLost)
	wantContains(t, lost, "2 documents were dropped although 2 weaker ones were sent", "the strongest being #2 refund-policy.md",
		"lost-in-the-middle reordering runs before the budget", "reference-mode budget", "41 tokens")
	// The lost documents strongest first, then the weaker ones sent.
	wantRefs(t, lost, "[#2 #4 #3 #5]")
}

func TestNoStrongDocumentLostWhenTheBudgetTakesAll(t *testing.T) {
	fs := Diagnose(buildInput(t, policyDocs, 1_000, nil))
	for _, code := range []string{CodeStrongDocLost, CodeWeakerCopySent} {
		if got := findingsWith(fs, code); len(got) != 0 {
			t.Errorf("%s with every document sent: %s", code, describe(got))
		}
	}
}

func TestStrongDocumentLostWithoutReorderNamesTheGreedySkip(t *testing.T) {
	// In relevance order a large second document that does not fit lets
	// the smaller third one in.
	docs := []value.Document{
		{Source: "a.md", Score: 0.9, Content: "one two three four five six"},
		{Source: "b.md", Score: 0.8, Content: "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi"},
		{Source: "c.md", Score: 0.7, Content: "red orange yellow green blue indigo"},
	}
	in := buildInput(t, docs, 12, func(o *pipeline.Options) { o.LostInMiddle = false; o.PartialMinRemaining = 100 })
	lost := onlyFinding(t, Diagnose(in), CodeStrongDocLost)
	wantContains(t, lost, "without reordering", "skips a document that does not fit")
	wantRefs(t, lost, "[#2 #3]")
}

func TestAssemblerLostDocumentsCountAsLost(t *testing.T) {
	in := buildInput(t, policyDocs, 1_000, nil)
	// The assembler cut the block before the rank-2 document, cited last.
	last := in.Build.Trace.Cited[len(in.Build.Trace.Cited)-1]
	in.RAGLost = []int{last}
	lost := onlyFinding(t, Diagnose(in), CodeStrongDocLost)
	wantContains(t, lost, "the assembler cut the retrieved context")
}
