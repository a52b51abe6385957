package tui

import "ctxlab/core"

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
