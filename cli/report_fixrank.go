package cli

import (
	"slices"

	rpt "ctxlab/cli/report"
	"ctxlab/core/diagnose"
	"ctxlab/core/fix"
)

// fixFacts are what classifies a fix (rpt.FixFacts).
func fixFacts(f fix.Fix) rpt.FixFacts {
	p := f.Preview
	facts := rpt.FixFacts{UsedBefore: p.UsedBefore, UsedAfter: p.UsedAfter, MaxInputAfter: p.MaxInputAfter,
		FitsBefore: p.FitsBefore, FitsAfter: p.Fits, Clears: len(p.FindingsGone)}
	for _, g := range p.FindingsGone {
		if g.Severity != diagnose.SeverityInfo {
			facts.ClearsSerious++
		}
		if g.Severity == diagnose.SeverityError {
			facts.ClearsErrors++
		}
	}
	for _, g := range p.FindingsAppeared {
		if g.Severity != diagnose.SeverityInfo {
			facts.RaisesSerious++
			if aboutClearedRows(g, p.FindingsGone) {
				facts.RaisesOnCleared++
			}
		}
	}
	return facts
}

// aboutClearedRows says a raised finding is about rows a cleared
// finding of warning or error severity is about: every row it names is
// among that finding's rows.
func aboutClearedRows(raised diagnose.Finding, gone []diagnose.Finding) bool {
	if len(raised.Refs) == 0 {
		return false
	}
	for _, g := range gone {
		if g.Severity == diagnose.SeverityInfo {
			continue
		}
		all := true
		for _, r := range raised.Refs {
			if !slices.Contains(g.Refs, r) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// rankFixes orders core's fixes as every report numbers them: those
// that settle the request first, minor ones next, those that leave it
// over its max input last (rpt.RankFixes), core's order kept within.
func rankFixes(fixes []fix.Fix) []fix.Fix {
	if len(fixes) < 2 {
		return fixes
	}
	facts := make([]rpt.FixFacts, len(fixes))
	for i, f := range fixes {
		facts[i] = fixFacts(f)
	}
	out := make([]fix.Fix, 0, len(fixes))
	for _, i := range rpt.RankFixes(facts) {
		out = append(out, fixes[i])
	}
	return out
}

// fixMark is a fix's class as a sign, readable without colour.
func fixMark(c rpt.FixClass) string {
	switch c {
	case rpt.FixResolves, rpt.FixImproves:
		return "✓"
	case rpt.FixLeavesOver:
		return "▲"
	}
	return "·"
}
