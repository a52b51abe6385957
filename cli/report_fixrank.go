package cli

import (
	rpt "ctxlab/cli/report"
	"ctxlab/core"
	"ctxlab/core/diagnose"
)

// fixFacts are what classifies a fix (rpt.FixFacts).
func fixFacts(f core.Fix) rpt.FixFacts {
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
		}
	}
	return facts
}

// rankFixes orders core's fixes as every report numbers them: those
// that settle the request first, minor ones next, those that leave it
// over its max input last (rpt.RankFixes), core's order kept within.
func rankFixes(fixes []core.Fix) []core.Fix {
	if len(fixes) < 2 {
		return fixes
	}
	facts := make([]rpt.FixFacts, len(fixes))
	for i, f := range fixes {
		facts[i] = fixFacts(f)
	}
	out := make([]core.Fix, 0, len(fixes))
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
