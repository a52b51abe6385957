package tui

import (
	"fmt"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
)

// billWords is the header's comparison of ctxlab's count with the
// provider's bill, when the input recorded one and the request on screen
// is the request as sent: " · counted 1,204 · billed 1,210 (−6, −0.5%)".
// A budgeted assembly is another request: the bill alone, and how to
// compare it. Without a recorded usage nothing is said.
func billWords(ev *core.Evaluation) string {
	switch {
	case ev == nil:
		return ""
	case ev.Bill != nil:
		return " · " + ev.Bill.Words()
	case ev.Recorded != nil:
		return " · billed " + numfmt.Thousands(ev.Recorded.InputTokens) + " as sent (measure to compare)"
	}
	return ""
}

// anthropicEstimateWords is what the header says beside an Anthropic
// request's tokenizer: the estimate's measured band, or only that it is
// an estimate when the request sets a server-side feature the estimate
// leaves out.
func anthropicEstimateWords(sc *core.Scenario) string {
	if len(sc.Anthropic.ServerSide) > 0 {
		return ", estimate (server-side features left out)"
	}
	return fmt.Sprintf(", estimate ±%d%%", core.AnthropicEstimateBandPercent)
}

// billShortWords is billWords for a narrow header: the counts and the
// signed gap, " · counted 135 · billed 133 (+2)", without its share.
func billShortWords(ev *core.Evaluation) string {
	switch {
	case ev == nil:
		return ""
	case ev.Bill != nil:
		b := ev.Bill
		gap := "the same"
		switch g := b.Gap(); {
		case g > 0:
			gap = "+" + numfmt.Thousands(g)
		case g < 0:
			gap = "−" + numfmt.Thousands(-g)
		}
		return " · counted " + numfmt.Thousands(b.Counted) + " · billed " + numfmt.Thousands(b.InputTokens) + " (" + gap + ")"
	case ev.Recorded != nil:
		return " · billed " + numfmt.Thousands(ev.Recorded.InputTokens) + " as sent"
	}
	return ""
}

// headerParts are the header's parts, each with its separator, empty
// when dropped.
type headerParts struct{ program, name, model, window, measured, bill, baseline, cost string }

func (p headerParts) join() string {
	return p.program + p.name + p.model + p.window + p.measured + p.bill + p.baseline + p.cost
}
