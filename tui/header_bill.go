package tui

import (
	"fmt"

	"ctxlab/core"
)

// billWords is the header's comparison of ctxlab's count with the
// provider's bill, when the input recorded one and the request on screen
// is the request as sent: " · counted 1,204 · billed 1,210 (−6, −0.5%)".
// Without a recorded usage nothing is said.
func billWords(ev *core.Evaluation) string {
	if ev == nil || ev.Bill == nil {
		return ""
	}
	return " · " + ev.Bill.Words()
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
