package core

import (
	"slices"

	"ctxlab/core/diagnose"
)

// fixKindsByFinding are the fixes that address each kind of finding:
// what makes the request fit for an overflow, what sends a lost document
// for the strong-documents findings, what shrinks the item or component
// that dominates. A finding absent here (an estimate, a conflict between
// two copies) has no fix a setting makes.
var fixKindsByFinding = map[string][]string{
	diagnose.CodeOverflow:                {FixFitAllocations, FixReserve, FixShrinkLargest, FixDropItem, FixTruncateItem},
	diagnose.CodeAllocationsOverWindow:   {FixFitAllocations, FixReserve},
	diagnose.CodeStrongDocLost:           {FixBudgetBeforeReorder, FixNextStrongDocument},
	diagnose.CodeWeakerCopySent:          {FixBudgetBeforeReorder, FixNextStrongDocument},
	diagnose.CodeComponentOverAllocation: {FixRaiseCut, FixNextStrongDocument, FixFitAllocations},
	diagnose.CodeToolResultsDominate:     {FixDropItem, FixTruncateItem, FixShrinkLargest},
	diagnose.CodeHistoryDominates:        {FixTruncateItem, FixShrinkLargest},
}

// FixKindsFor lists the kinds of fix that address a finding's code, most
// direct first; none when no setting fixes it.
func FixKindsFor(code string) []string { return fixKindsByFinding[code] }

// FixesForFindingFirst orders fixes so that those addressing the finding
// come first, in the order FixKindsFor gives, the rest after in their
// own order, and says how many address it.
func FixesForFindingFirst(fixes []Fix, code string) ([]Fix, int) {
	kinds := FixKindsFor(code)
	rank := func(f Fix) int {
		if i := slices.Index(kinds, f.Kind); i >= 0 {
			return i
		}
		return len(kinds)
	}
	out := slices.Clone(fixes)
	slices.SortStableFunc(out, func(a, b Fix) int { return rank(a) - rank(b) })
	n := 0
	for _, f := range out {
		if rank(f) < len(kinds) {
			n++
		}
	}
	return out, n
}
