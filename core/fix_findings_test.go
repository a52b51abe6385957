package core_test

import (
	"testing"

	"ctxlab/core"
	"ctxlab/core/diagnose"
)

func TestFixesForFindingFirst(t *testing.T) {
	fixes := []core.Fix{{Kind: core.FixDropItem}, {Kind: core.FixNextStrongDocument}, {Kind: core.FixFitAllocations}, {Kind: core.FixBudgetBeforeReorder}}
	got, n := core.FixesForFindingFirst(fixes, diagnose.CodeStrongDocLost)
	if n != 2 || got[0].Kind != core.FixBudgetBeforeReorder || got[1].Kind != core.FixNextStrongDocument || got[2].Kind != core.FixDropItem || got[3].Kind != core.FixFitAllocations {
		t.Errorf("strong-doc-lost: %d first, order %v", n, got)
	}
	if fixes[0].Kind != core.FixDropItem {
		t.Error("the fixes given were reordered in place")
	}
	same, n := core.FixesForFindingFirst(fixes, diagnose.CodeTokenizerEstimate)
	if n != 0 || same[0].Kind != core.FixDropItem || same[3].Kind != core.FixBudgetBeforeReorder {
		t.Errorf("a finding no fix addresses: %d first, order %v", n, same)
	}
}
