package fix_test

import (
	"testing"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/fix"
)

// For a chosen finding: the fixes that clear it without a new warning,
// cheapest first; then those that clear it and raise one; then the
// others of a kind meant for it; the rest in their own order.
func TestFixesForFinding(t *testing.T) {
	chosen := diagnose.Finding{Code: diagnose.CodeWeakerCopySent, Refs: []diagnose.Ref{diagnose.DocumentRef(14), diagnose.DocumentRef(33)}}
	// The same finding with other numbers, as the evaluation after a fix
	// would list it gone.
	gone := chosen
	gone.Message = "worded with other numbers"
	warning := diagnose.Finding{Code: diagnose.CodeConflictingTextsSent, Severity: diagnose.SeverityWarning,
		Refs: []diagnose.Ref{diagnose.DocumentRef(33), diagnose.DocumentRef(14)}}
	info := diagnose.Finding{Code: diagnose.CodeAllocationUnused, Severity: diagnose.SeverityInfo, Refs: []diagnose.Ref{diagnose.ComponentRef("rag")}}
	fixOf := func(kind string, used int, gone, appeared []diagnose.Finding) fix.Fix {
		return fix.Fix{Kind: kind, Preview: core.Preview{UsedBefore: 1_000, UsedAfter: used, FindingsGone: gone, FindingsAppeared: appeared}}
	}
	fixes := []fix.Fix{
		fixOf(fix.DropItem, 900, nil, nil),
		fixOf(fix.NextStrongDocument, 6_000, []diagnose.Finding{gone}, []diagnose.Finding{warning}),
		fixOf(fix.FitAllocations, 800, nil, nil),
		fixOf(fix.BudgetBeforeReorder, 990, nil, nil),
		fixOf(fix.DedupPair, 1_100, []diagnose.Finding{gone}, []diagnose.Finding{info}),
		fixOf(fix.DedupPair, 950, []diagnose.Finding{gone}, nil),
	}
	got, n := fix.ForFinding(fixes, chosen)
	want := []string{fix.DedupPair, fix.DedupPair, fix.NextStrongDocument, fix.BudgetBeforeReorder, fix.DropItem, fix.FitAllocations}
	for i, f := range got {
		if f.Kind != want[i] {
			t.Fatalf("order %v, want %v", kinds(got), want)
		}
	}
	if n != 4 || got[0].Preview.UsedAfter != 950 {
		t.Errorf("%d address it (want 4); the cheaper clearing fix first: %d tokens", n, got[0].Preview.UsedAfter)
	}
	if fixes[0].Kind != fix.DropItem {
		t.Error("the fixes given were reordered in place")
	}
	same, n := fix.ForFinding(fixes, diagnose.Finding{Code: diagnose.CodeTokenizerEstimate})
	if n != 0 || same[0].Kind != fix.DropItem || same[5].Preview.UsedAfter != 950 {
		t.Errorf("a finding no fix addresses: %d first, order %v", n, kinds(same))
	}
}

func kinds(fixes []fix.Fix) []string {
	out := make([]string, len(fixes))
	for i, f := range fixes {
		out[i] = f.Kind
	}
	return out
}
