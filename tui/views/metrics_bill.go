package views

import (
	"strings"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// billedLine sets the provider's bill beside ctxlab's count as the
// header does, from the same model (core.Bill): counted against billed
// and the gap, where the bill was read and under which convention, and
// the verdict. A budgeted assembly is another request than the one
// billed: the bill alone, and how to compare it. "" without a recorded
// usage.
func billedLine(ev *core.Evaluation) string {
	b, compared := ev.Bill, ev.Bill != nil
	if !compared {
		if ev.Recorded == nil {
			return ""
		}
		b = &core.Bill{Billed: ev.Recorded.Billed(), Field: ev.Recorded.Field}
	}
	head := b.Words()
	if !compared {
		head = numfmt.Thousands(b.InputTokens) + " input tokens as sent"
	}
	parts := []string{"Billed: " + head, safetext.Line(b.SourceWords())}
	if c := b.ConventionWords(); c != "" {
		parts = append(parts, c)
	}
	if compared {
		parts = append(parts, b.Verdict())
	} else {
		parts = append(parts, "set assembly to measure to compare it with the request as sent")
	}
	return strings.Join(parts, " · ")
}
