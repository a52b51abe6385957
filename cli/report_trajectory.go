package cli

import (
	"fmt"
	"strconv"
	"strings"

	rpt "ctxlab/cli/report"
	"ctxlab/core/tokens"
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
	t := &rpt.Trajectory{Name: tr.Name, Model: model, Window: rep.Window, WindowSet: rp.opts.Window > 0}
	if spec, ok := tokens.LookupModel(tr.Model); ok {
		t.ModelWindow = spec.Window
	}
	t.Cache = providerName(rp.opts.Rules.Provider) + " cache rules (" + rp.opts.Rules.Source + ")"
	if !rp.opts.Rules.Automatic {
		t.Cache += ", breakpoints " + rp.opts.Breakpoints
	}
	if rp.opts.PriceKnown {
		t.Prices = fmt.Sprintf("%s's list price (entry %s, taken %s); costs count the input tokens only, not the replies", model, rp.priceName, rp.table.Date)
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
		row := rpt.TrajectoryTurn{Turn: turn.Turn, Label: turnRequestWords(turn.Label), Input: turn.InputTokens, Reserve: turn.Reserve, Over: turn.OverWindow}
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
			if turn.Recorded != nil && cached.Policy().Kind == trajectory.KindAsSent {
				row.RecordedCached, row.HasRecorded = turn.Recorded.CachedTokens, true
			}
		}
		if msgs := tr.Messages(i); len(msgs) > 0 {
			last := msgs[len(msgs)-1]
			text := last.Content
			if text == "" && len(last.ToolCalls) > 0 {
				text = "(tool call) " + string(last.ToolCalls)
			}
			row.Newest = newestNumber(turn.Label) + last.Role + ": " + rpt.Clean(strings.Join(strings.Fields(text), " "), trajectoryNewestRunes, false)
		}
		if turn.OverWindow && t.FirstOverflow == 0 {
			t.FirstOverflow = turn.Turn
		}
		t.Turns = append(t.Turns, row)
	}
	costs, per1000 := make([]float64, len(rep.Policies)), make([]float64, len(rep.Policies))
	for i, p := range rep.Policies {
		costs[i], per1000[i] = p.CostUSD, p.Per1000USD
	}
	costCells, per1000Cells := numfmt.DollarColumn(costs), numfmt.DollarColumn(per1000)
	for i, p := range rep.Policies {
		if p.OverflowTurns > 0 {
			t.Refused = reportRefusedNote
			if smallerWindowSet(t) {
				t.Refused = reportSetWindowNote
			}
		}
		t.Policies = append(t.Policies, rpt.TrajectoryPolicy{
			Name: p.Name, Label: p.Label, OverflowTurns: p.OverflowTurns, FirstOverflow: p.FirstOverflow,
			Peak: p.PeakTokens, Input: p.InputTokens, CachedShare: percent(p.CachedShare()),
			Cost: costCells[i], Per1000: per1000Cells[i], Removed: removedPhrase(p),
			CostUSD: p.CostUSD, PriceKnown: rp.opts.PriceKnown, RemovedTokens: p.RemovedTokens, RemovedMessages: p.RemovedMessages,
		})
	}
	t.Recorded = recordedReportLine(rep, cached)
	return t
}

// recordedReportLine sets the recorded usage's price beside the as-sent
// prediction's, with the warm-cache line when a turn read more than the
// trajectory could have written; "" when nothing was recorded.
func recordedReportLine(rep *trajectory.Report, asSent *trajectory.PolicyResult) string {
	b := rep.Recorded
	if b == nil {
		return ""
	}
	s := "A" + strings.TrimPrefix(recordedLine(b), "a") + ", the provider's recorded usage priced at the same rates"
	if asSent != nil && asSent.Policy().Kind == trajectory.KindAsSent {
		s += fmt.Sprintf(" (as-sent predicts %s cached, %s per 1,000)", percent(asSent.CachedShare()), numfmt.Dollars(asSent.Per1000USD))
	}
	s += "."
	if line := warmCacheLine(b); line != "" {
		s += " " + line
	}
	return s
}

// reportRefusedNote is the note under the policies' table when one of
// them overflows.
const reportRefusedNote = "▲ A turn over the window is refused by the provider and priced at $0: a policy that overflows looks cheaper than one that keeps every turn within the window."

// reportSetWindowNote is that note when the window is one the user set,
// smaller than the model's: the provider would take the turn, the
// replay counts it as failed.
const reportSetWindowNote = "▲ A turn over the window you set is counted as failed and priced at $0: a policy that overflows looks cheaper than one that keeps every turn within the window."

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
		if smallerWindowSet(t) {
			// The window is the user's, below the model's own: the
			// provider would take these requests; a deployment held to
			// the window set would not.
			v.Line = fmt.Sprintf("%s of %s %s over the %s-token window you set (input and the reply's reserve; %s's own is %s), the first at turn %s%s: an agent held to that window would fail there, though the provider itself would accept the request.",
				numfmt.Thousands(over), turns, goes, numfmt.Thousands(t.Window), t.Model, numfmt.Thousands(t.ModelWindow), numfmt.Thousands(t.FirstOverflow), firstOverflowSum(t))
		} else {
			v.Line = fmt.Sprintf("%s of %s %s over the %s-token window as sent (input and the reply's reserve), the first at turn %s%s: the provider refuses such a request, so the agent would fail there.",
				numfmt.Thousands(over), turns, goes, numfmt.Thousands(t.Window), numfmt.Thousands(t.FirstOverflow), firstOverflowSum(t))
		}
		v.WorstSeverity = "error"
	}
	if over > 0 || len(t.Policies) > 1 {
		v.Choice = strings.TrimSpace(policyTradeOff(t.Policies))
	}
	return v
}

// smallerWindowSet reports that the window measured against is the one
// the user set, smaller than the model's own.
func smallerWindowSet(t *rpt.Trajectory) bool {
	return t.WindowSet && t.ModelWindow > t.Window
}

// firstOverflowSum says what puts the first turn over the window, its
// input and the reply's reserve: ", whose 6,937 tokens of input and the
// reply's 4,096-token reserve come to 11,033"; nothing when no reserve
// is kept.
func firstOverflowSum(t *rpt.Trajectory) string {
	for _, turn := range t.Turns {
		if turn.Turn != t.FirstOverflow || !turn.Over {
			continue
		}
		if turn.Reserve <= 0 {
			return ""
		}
		return fmt.Sprintf(", whose %s of input and the reply's %s-token reserve come to %s",
			numfmt.Count(turn.Input, "token", "tokens"), numfmt.Thousands(turn.Reserve), numfmt.Thousands(turn.Input+turn.Reserve))
	}
	return ""
}

// policyTradeOff recommends the cheapest of the policies that keep every
// turn within the window (or says none does), then names those that send
// fewer input tokens or remove less: a policy that sends less leaves more
// of the conversation out of the model's sight.
func policyTradeOff(policies []rpt.TrajectoryPolicy) string {
	var within []*rpt.TrajectoryPolicy
	for i := range policies {
		if policies[i].OverflowTurns == 0 {
			within = append(within, &policies[i])
		}
	}
	switch len(within) {
	case 0:
		if len(policies) == 0 {
			return ""
		}
		return " No policy replayed keeps every turn within it, so none can be recommended: a larger window, a smaller reserve or a policy that trims harder is needed."
	case 1:
		p := within[0]
		return fmt.Sprintf(" Use %s, the only policy replayed that keeps every turn within the window: %s input tokens in all, %s of them from the cache, %s per 1,000 trajectories (input tokens only), removing %s.",
			p.Label, numfmt.Thousands(p.Input), p.CachedShare, p.Per1000, removedWords(p))
	}
	fewest, least, cheapest := within[0], within[0], within[0]
	for _, p := range within[1:] {
		if p.Input < fewest.Input {
			fewest = p
		}
		if p.RemovedTokens < least.RemovedTokens || (p.RemovedTokens == least.RemovedTokens && p.Input < least.Input) {
			least = p
		}
		if p.CostUSD < cheapest.CostUSD {
			cheapest = p
		}
	}
	chosen := fewest
	if cheapest.PriceKnown {
		chosen = cheapest
	}
	w := recommendation(chosen, len(within))
	// The others, by what they trade: what the chosen one is not.
	var parts []string
	if fewest != chosen {
		cost := ""
		if fewest.PriceKnown {
			cost = ", " + fewest.Per1000 + " per 1,000 trajectories"
		}
		parts = append(parts, fmt.Sprintf("%s sends the fewest input tokens (%s%s) but removes %s", fewest.Label, numfmt.Thousands(fewest.Input), cost, removedWords(fewest)))
	}
	if least != chosen && least != fewest {
		cost := ""
		if least.PriceKnown {
			cost = ", " + least.Per1000 + " per 1,000 trajectories"
		}
		parts = append(parts, fmt.Sprintf("%s removes least (%s) and sends %s input tokens%s", least.Label, removedWords(least), numfmt.Thousands(least.Input), cost))
	}
	if len(parts) > 0 {
		w += " Of the others, " + strings.Join(parts, "; ") + "."
	}
	return w + " The fewer tokens a policy sends, the more of the conversation the model no longer sees: weigh the cost against what it removes."
}

// recommendation names the policy to use: the cheapest of the n that
// keep every turn within the window, or, when the model's price is
// unknown, the one that sends the fewest input tokens, what the bill
// follows.
func recommendation(p *rpt.TrajectoryPolicy, n int) string {
	if p.PriceKnown {
		return fmt.Sprintf(" Use %s: of the %s policies that keep every turn within the window it is the cheapest (%s per 1,000 trajectories, input tokens only; %s of its input from the cache), removing %s.",
			p.Label, numfmt.Thousands(n), p.Per1000, p.CachedShare, removedWords(p))
	}
	return fmt.Sprintf(" Use %s: the model's price is unknown, and of the %s policies that keep every turn within the window it sends the fewest input tokens (%s), removing %s.",
		p.Label, numfmt.Thousands(n), numfmt.Thousands(p.Input), removedWords(p))
}

// turnRequestWords says what a turn's request holds: "messages 1–2;
// the reply is message 3" for a turn the loader labels by the reply it
// precedes (messages are numbered from 1 by their place in the
// conversation, the system message included), the label otherwise.
func turnRequestWords(label string) string {
	if n, ok := replyNumber(label); ok && n > 1 {
		if n == 2 {
			return "message 1; the reply is message 2"
		}
		return fmt.Sprintf("messages 1–%d; the reply is message %d", n-1, n)
	}
	return label
}

// newestNumber numbers a turn's newest message, "message 2 · ", when
// the label gives it; "" otherwise.
func newestNumber(label string) string {
	if n, ok := replyNumber(label); ok && n > 1 {
		return fmt.Sprintf("message %d · ", n-1)
	}
	return ""
}

// replyNumber is N of a "message N" label: a conversation's turn is
// named by the assistant message it asks for.
func replyNumber(label string) (int, bool) {
	rest, ok := strings.CutPrefix(label, "message ")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil
}

// removedWords says what a policy takes out of the conversation at
// most: "up to 23 messages (6,100 tokens) from a turn", "nothing".
func removedWords(p *rpt.TrajectoryPolicy) string {
	if p.RemovedMessages == 0 && p.RemovedTokens == 0 {
		return "nothing"
	}
	return fmt.Sprintf("up to %s (%s tokens) from a turn", numfmt.Count(p.RemovedMessages, "message", "messages"), numfmt.Thousands(p.RemovedTokens))
}
