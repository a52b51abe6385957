package core_test

import (
	"testing"

	"ctxlab/core"
	"ctxlab/core/diagnose"
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
	fix := func(kind string, used int, gone, appeared []diagnose.Finding) core.Fix {
		return core.Fix{Kind: kind, Preview: core.Preview{UsedBefore: 1_000, UsedAfter: used, FindingsGone: gone, FindingsAppeared: appeared}}
	}
	fixes := []core.Fix{
		fix(core.FixDropItem, 900, nil, nil),
		fix(core.FixNextStrongDocument, 6_000, []diagnose.Finding{gone}, []diagnose.Finding{warning}),
		fix(core.FixFitAllocations, 800, nil, nil),
		fix(core.FixBudgetBeforeReorder, 990, nil, nil),
		fix(core.FixDedupPair, 1_100, []diagnose.Finding{gone}, []diagnose.Finding{info}),
		fix(core.FixDedupPair, 950, []diagnose.Finding{gone}, nil),
	}
	got, n := core.FixesForFinding(fixes, chosen)
	want := []string{core.FixDedupPair, core.FixDedupPair, core.FixNextStrongDocument, core.FixBudgetBeforeReorder, core.FixDropItem, core.FixFitAllocations}
	for i, f := range got {
		if f.Kind != want[i] {
			t.Fatalf("order %v, want %v", kinds(got), want)
		}
	}
	if n != 4 || got[0].Preview.UsedAfter != 950 {
		t.Errorf("%d address it (want 4); the cheaper clearing fix first: %d tokens", n, got[0].Preview.UsedAfter)
	}
	if fixes[0].Kind != core.FixDropItem {
		t.Error("the fixes given were reordered in place")
	}
	same, n := core.FixesForFinding(fixes, diagnose.Finding{Code: diagnose.CodeTokenizerEstimate})
	if n != 0 || same[0].Kind != core.FixDropItem || same[5].Preview.UsedAfter != 950 {
		t.Errorf("a finding no fix addresses: %d first, order %v", n, kinds(same))
	}
}

func kinds(fixes []core.Fix) []string {
	out := make([]string, len(fixes))
	for i, f := range fixes {
		out[i] = f.Kind
	}
	return out
}
