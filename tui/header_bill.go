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
