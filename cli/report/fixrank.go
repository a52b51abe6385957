package report

import (
	"fmt"
	"slices"

	"ctxlab/internal/numfmt"
)

// FixClass says what a fix does for the request, for the reader who
// must pick one: whether it settles the problem or only tidies.
type FixClass string

const (
	// FixResolves makes a request over its max input fit.
	FixResolves FixClass = "resolves"
	// FixImproves clears more warnings and errors than it raises, and
	// the request fits.
	FixImproves FixClass = "improves"
	// FixTrades clears warnings or errors but raises as many, or raises
	// one about the rows of one it clears.
	FixTrades FixClass = "trades"
	// FixMinor clears only notes, or only changes the token counts.
	FixMinor FixClass = "minor"
	// FixLeavesOver leaves the request over its max input (or puts it
	// there): whatever else it clears, the request is still refused.
	FixLeavesOver FixClass = "leaves-over"
)

// classOrder ranks the classes: a fix that settles the request first,
// one that leaves it refused last.
var classOrder = []FixClass{FixResolves, FixImproves, FixTrades, FixMinor, FixLeavesOver}

// FixFacts are what classifies a fix: the request before and after it,
// and how many findings of warning or error severity it clears.
type FixFacts struct {
	UsedBefore, UsedAfter int
	MaxInputAfter         int
	FitsBefore, FitsAfter bool
	// ClearsSerious and RaisesSerious count findings of warning or
	// error severity; ClearsErrors those of error severity; Clears all.
	ClearsSerious, ClearsErrors, Clears int
	RaisesSerious                       int
	// RaisesOnCleared counts the findings of warning or error severity
	// it raises about rows a serious finding it clears is about (a
	// weaker copy cleared, the same two documents then sent as a
	// contradiction): the problem moved, it is not settled.
	RaisesOnCleared int
}

// noMarginShare is the room under the max input below which a fix that
// fits leaves no margin: a token counted differently by the provider, a
// longer question, and it overflows.
const noMarginShare = 0.01

// Classify says what the fix does.
func (f FixFacts) Classify() FixClass {
	switch {
	case !f.FitsAfter:
		return FixLeavesOver
	case !f.FitsBefore:
		return FixResolves
	case f.RaisesOnCleared > 0 && f.ClearsSerious > 0:
		return FixTrades
	case f.ClearsSerious > f.RaisesSerious:
		return FixImproves
	case f.ClearsSerious > 0:
		return FixTrades
	}
	return FixMinor
}

// NoMargin says the fix fits within 1% of the max input.
func (f FixFacts) NoMargin() bool {
	return f.FitsAfter && f.MaxInputAfter > 0 && float64(f.MaxInputAfter-f.UsedAfter) < noMarginShare*float64(f.MaxInputAfter)
}

// Words say, in a few words, what the fix does and what to beware of:
// "resolves the overflow", "leaves the request over by 52,150 tokens",
// "fits with no margin: 1 token under the max input".
func (f FixFacts) Words() string {
	var w string
	switch f.Classify() {
	case FixResolves:
		w = "resolves the overflow"
	case FixImproves, FixTrades:
		w = "clears " + f.seriousWords()
		if f.RaisesSerious > 0 {
			w += ", raises " + numfmt.Thousands(f.RaisesSerious)
		}
		if f.RaisesOnCleared > 0 {
			w += fmt.Sprintf(" (%d about the same rows as one it clears)", f.RaisesOnCleared)
		}
		if f.Classify() == FixTrades {
			w = "trades one problem for another: " + w
		}
	case FixMinor:
		if f.Clears > 0 {
			w = "minor: clears only notes"
		} else {
			w = "minor: changes the token counts only"
		}
	case FixLeavesOver:
		over := f.UsedAfter - max(f.MaxInputAfter, 0)
		if f.FitsBefore {
			w = fmt.Sprintf("puts the request over its max input by %s", numfmt.Count(over, "token", "tokens"))
		} else {
			w = fmt.Sprintf("does not fix the overflow: the request stays over by %s", numfmt.Count(over, "token", "tokens"))
		}
	}
	if f.NoMargin() {
		w += fmt.Sprintf("; no margin: %s under the max input, so a slightly longer question or a provider counting a little differently overflows it",
			numfmt.Count(f.MaxInputAfter-f.UsedAfter, "token", "tokens"))
	}
	return w
}

// RankFixes orders fixes by class, keeping the given order within one
// (core ranks by effect): those that settle the request first, minor
// ones next, those that leave it refused last; within a class, a fix
// that fits with no margin comes after those that leave room. It returns the indices
// of facts in their new order.
func RankFixes(facts []FixFacts) []int {
	order := make([]int, len(facts))
	for i := range order {
		order[i] = i
	}
	rank := func(i int) int {
		r := 2 * slices.Index(classOrder, facts[i].Classify())
		if facts[i].NoMargin() {
			r++ // after the fixes of its class that leave room
		}
		return r
	}
	slices.SortStableFunc(order, func(a, b int) int { return rank(a) - rank(b) })
	return order
}

// seriousWords are the findings of warning or error severity it clears:
// "2 warnings", "1 error and 2 warnings".
func (f FixFacts) seriousWords() string {
	warnings := f.ClearsSerious - f.ClearsErrors
	switch {
	case f.ClearsErrors == 0:
		return numfmt.Count(warnings, "warning", "warnings")
	case warnings == 0:
		return numfmt.Count(f.ClearsErrors, "error", "errors")
	}
	return numfmt.Count(f.ClearsErrors, "error", "errors") + " and " + numfmt.Count(warnings, "warning", "warnings")
}

// FixGroup is a run of fixes of kindred classes under a title.
type FixGroup struct {
	Title string
	Fixes []Fix
}

// GroupFixes splits fixes, ranked, into those that settle the request,
// trade-offs and minor ones, and those that leave it over its max
// input; an empty group is left out.
func GroupFixes(fixes []Fix) []FixGroup {
	groups := []FixGroup{
		{Title: "Fixes that settle it"},
		{Title: "Trade-offs and minor fixes"},
		{Title: "Fixes that leave the request over its max input (ranked last: the provider still refuses it)"},
	}
	for _, f := range fixes {
		g := 0
		switch f.Class {
		case FixTrades, FixMinor:
			g = 1
		case FixLeavesOver:
			g = 2
		}
		groups[g].Fixes = append(groups[g].Fixes, f)
	}
	return slices.DeleteFunc(groups, func(g FixGroup) bool { return len(g.Fixes) == 0 })
}

// Settles says the fix settles the request: it resolves an overflow or
// clears more warnings than it raises.
func (f Fix) Settles() bool { return f.Class == FixResolves || f.Class == FixImproves }

// VerdictFix is the fix the verdict names: Best, or when Best changes
// nothing sent (SendsSameIf), that condition and Otherwise, the best
// fix that settles the request by changing what is sent.
type VerdictFix struct {
	Best, Otherwise *Fix
}

// VerdictFix is the fix the verdict names, nil when the first fix
// does not settle the request.
func (r *Report) VerdictFix() *VerdictFix {
	if len(r.Fixes) == 0 || !r.Fixes[0].Settles() {
		return nil
	}
	v := &VerdictFix{Best: &r.Fixes[0]}
	if v.Best.SendsSameIf == "" {
		return v
	}
	for i := range r.Fixes[1:] {
		if f := &r.Fixes[1+i]; f.Settles() && f.SendsSameIf == "" {
			v.Otherwise = f
			break
		}
	}
	return v
}
