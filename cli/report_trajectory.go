package cli

import (
	"fmt"
	"strings"

	rpt "ctxlab/cli/report"
	"ctxlab/core/trajectory"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// trajectoryNewestRunes bounds the opening of a turn's newest message in
// the report's table.
const trajectoryNewestRunes = 90

// trajectoryModel is a replayed trajectory as the shareable reports say
// it: the turns as sent, for the timeline, and each policy's figures.
func trajectoryModel(rp *replayed) *rpt.Trajectory {
	tr, rep := rp.tr, rp.rep
	model := tr.Model
	if model == "" {
		model = "no model"
	}
	t := &rpt.Trajectory{Name: tr.Name, Model: model, Window: rep.Window}
	t.Cache = providerName(rp.opts.Rules.Provider) + " cache rules (" + rp.opts.Rules.Source + ")"
	if !rp.opts.Rules.Automatic {
		t.Cache += ", breakpoints " + rp.opts.Breakpoints
	}
	if rp.opts.PriceKnown {
		t.Prices = fmt.Sprintf("%s's list price (entry %s, taken %s); input only", model, rp.priceName, rp.table.Date)
	} else {
		t.Prices = model + " is not in the price table: costs unknown (give it in a --prices file)"
	}
	// The components a turn holds, in order; one no turn has tokens of
	// is left out of the timeline and its table.
	index := map[string]int{}
	for _, turn := range rep.Turns {
		for _, c := range turn.Components {
			if _, ok := index[c.Name]; !ok && c.Tokens > 0 {
				index[c.Name] = len(t.Components)
				t.Components = append(t.Components, window.ComponentWords(c.Name))
			}
		}
	}
	cached := findPolicy(rep, trajectory.KindAsSent)
	if cached == nil && len(rep.Policies) > 0 {
		cached = &rep.Policies[0]
	}
	for i, turn := range rep.Turns {
		row := rpt.TrajectoryTurn{Turn: turn.Turn, Label: turn.Label, Input: turn.InputTokens, Reserve: turn.Reserve, Over: turn.OverWindow}
		if len(turn.Components) > 0 {
			row.Parts = make([]int, len(t.Components))
			for _, c := range turn.Components {
				if i, ok := index[c.Name]; ok {
					row.Parts[i] += c.Tokens
				}
			}
		}
		if cached != nil && i < len(cached.Turns) {
			row.Cached = cached.Turns[i].CachedTokens
		}
		if msgs := tr.Messages(i); len(msgs) > 0 {
			last := msgs[len(msgs)-1]
			text := last.Content
			if text == "" && len(last.ToolCalls) > 0 {
				text = "(tool call) " + string(last.ToolCalls)
			}
			row.Newest = last.Role + ": " + rpt.Clean(strings.Join(strings.Fields(text), " "), trajectoryNewestRunes, false)
		}
		if turn.OverWindow && t.FirstOverflow == 0 {
			t.FirstOverflow = turn.Turn
		}
		t.Turns = append(t.Turns, row)
	}
	for _, p := range rep.Policies {
		t.Policies = append(t.Policies, rpt.TrajectoryPolicy{
			Name: p.Name, Label: p.Label, OverflowTurns: p.OverflowTurns, FirstOverflow: p.FirstOverflow,
			Peak: p.PeakTokens, Input: p.InputTokens, CachedShare: percent(p.CachedShare()),
			Cost: numfmt.Dollars(p.CostUSD), Per1000: numfmt.Dollars(p.Per1000USD), Removed: removedPhrase(p),
		})
	}
	return t
}

// trajectoryVerdict says in plain words whether the conversation stays
// within its window as sent, and which policy keeps it there at the
// lowest cost.
func trajectoryVerdict(t *rpt.Trajectory) rpt.Verdict {
	var v rpt.Verdict
	turns := numfmt.Count(len(t.Turns), "turn", "turns")
	over := 0
	for _, turn := range t.Turns {
		if turn.Over {
			over++
		}
	}
	if over == 0 {
		v.OK = true
		v.Line = fmt.Sprintf("Every one of the %s fits the %s-token window as sent.", turns, numfmt.Thousands(t.Window))
	} else {
		goes := "go"
		if over == 1 {
			goes = "goes"
		}
		v.Line = fmt.Sprintf("%s of %s %s over the %s-token window as sent (input and the reply's reserve), the first at turn %s: the provider refuses such a request, so the agent would fail there.",
			numfmt.Thousands(over), turns, goes, numfmt.Thousands(t.Window), numfmt.Thousands(t.FirstOverflow))
		v.WorstSeverity = "error"
	}
	var best *rpt.TrajectoryPolicy
	for i := range t.Policies {
		p := &t.Policies[i]
		if p.OverflowTurns > 0 {
			continue
		}
		if best == nil || p.Input < best.Input {
			best = p
		}
	}
	switch {
	case best != nil && over > 0:
		v.Line += fmt.Sprintf(" Of the policies that keep every turn within it, %s sends the fewest input tokens: %s in all, %s of them from the cache, %s per 1,000 conversations.",
			best.Label, numfmt.Thousands(best.Input), best.CachedShare, best.Per1000)
	case best == nil && len(t.Policies) > 0:
		v.Line += " No policy replayed keeps every turn within it."
	}
	return v
}
