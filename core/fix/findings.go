package fix

import (
	"cmp"
	"slices"

	"ctxlab/core/diagnose"
)

// fixKindsByFinding are the fixes that address each kind of finding:
// what makes the request fit for an overflow, what sends a lost document
// for the strong-documents findings, what shrinks the item or component
// that dominates, the dedup threshold that keeps one of two similar texts
// for a conflict. A finding absent here (an estimate) has no fix a
// setting makes.
var fixKindsByFinding = map[string][]string{
	diagnose.CodeOverflow:                {FitAllocations, Reserve, ShrinkLargest, DropItem, TruncateItem},
	diagnose.CodeAllocationsOverWindow:   {FitAllocations, Reserve},
	diagnose.CodeStrongDocLost:           {BudgetBeforeReorder, NextStrongDocument},
	diagnose.CodeWeakerCopySent:          {DedupPair, BudgetBeforeReorder, NextStrongDocument},
	diagnose.CodeConflictingTextsSent:    {DedupPair},
	diagnose.CodeSameSourceSent:          {DedupURL},
	diagnose.CodeComponentOverAllocation: {RaiseCut, NextStrongDocument, FitAllocations},
	diagnose.CodeToolResultsDominate:     {DropItem, TruncateItem, ShrinkLargest},
	diagnose.CodeHistoryDominates:        {TruncateItem, ShrinkLargest},
}

// KindsFor lists the kinds of fix that address a finding's code, most
// direct first; none when no setting fixes it.
func KindsFor(code string) []string { return fixKindsByFinding[code] }

// ForFinding orders fixes for one finding the reader chose: first
// those that make it go away without raising a new warning, then those
// that make it go away at that cost, then the others of a kind that
// addresses its code (KindsFor), each group cheapest in tokens first;
// the rest after, in their own order. n says how many address it.
func ForFinding(fixes []Fix, f diagnose.Finding) (ordered []Fix, n int) {
	kinds := KindsFor(f.Code)
	const unrelated = 3
	tier := func(x Fix) int {
		switch {
		case x.Preview.Clears(f) && x.Preview.NewWarnings() == 0:
			return 0
		case x.Preview.Clears(f):
			return 1
		case slices.Contains(kinds, x.Kind):
			return 2
		}
		return unrelated
	}
	ordered = slices.Clone(fixes)
	slices.SortStableFunc(ordered, func(a, b Fix) int {
		ta, tb := tier(a), tier(b)
		if ta != tb || ta == unrelated {
			return cmp.Compare(ta, tb)
		}
		return cmp.Compare(b.Preview.TokensSaved(), a.Preview.TokensSaved())
	})
	for _, x := range ordered {
		if tier(x) < unrelated {
			n++
		}
	}
	return ordered, n
}
