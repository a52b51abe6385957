package cli

import (
	"fmt"
	"strings"
	"unicode/utf8"

	rpt "ctxlab/cli/report"
	"ctxlab/core"
	"ctxlab/core/fix"
	"ctxlab/core/tokens"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// markSendsSame sets, on the fixes that change nothing sent (the window
// measured as the model's own, the reserve as the reply asked for), the
// condition under which nothing needs to change: the verdict says it
// instead of naming such a fix the best, since the window or reserve
// may have been set on purpose.
func markSendsSame(rows []rpt.Fix, fixes []fix.Fix, s core.Settings) {
	for i, f := range fixes {
		if i >= len(rows) {
			return
		}
		switch f.Kind {
		case fix.ModelWindow:
			if spec, ok := tokens.LookupModel(s.Model); ok {
				rows[i].SendsSameIf = fmt.Sprintf("your deployment really has %s's full %s-token window", spec.Name, numfmt.Thousands(spec.Window))
			}
		case fix.Reserve:
			rows[i].SendsSameIf = "the reply never needs more than the request asks for (its max_tokens)"
		}
	}
}

// largestOpeningRunes is how much of the largest item's text the
// verdict quotes.
const largestOpeningRunes = 200

// largestWords says, for a request over its max input, the largest
// item when it is a tool result, and how it opens, so the reader sees why it
// is so big: "tool result 2: get_fulfillment_events (message 6) takes
// 56,071 tokens of the 66,151 sent; it opens: “{…}”". "" when the
// request fits or the largest item is not a tool result.
func largestWords(run *assembleRun) string {
	ev := run.eval
	if ev.Assembly.Fits || run.scenario == nil {
		return ""
	}
	for _, it := range ev.Space() {
		var text string
		switch it.Kind {
		case window.ItemComponent:
			continue
		case window.ItemToolResult:
			if ev.StepContext == nil && it.Ref >= 0 && it.Ref < len(run.scenario.ToolResults) {
				text = run.scenario.ToolResults[it.Ref].Content
			}
		}
		if text == "" {
			return ""
		}
		return fmt.Sprintf("%s takes %s of the %s sent; it opens: “%s”", it.Name(),
			numfmt.Count(it.Tokens, "token", "tokens"), numfmt.Thousands(ev.Assembly.Used), openingOf(text, largestOpeningRunes))
	}
	return ""
}

// openingOf is the first n characters of text on one line, made inert,
// its spaces collapsed, "…" marking a cut; it reads no more of a long
// text than the opening needs.
func openingOf(text string, n int) string {
	head := text
	if limit := 16 * n; len(head) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(head[cut]) {
			cut--
		}
		head = head[:cut]
	}
	line := strings.Join(strings.Fields(safetext.Line(head)), " ")
	if utf8.RuneCountInString(line) <= n && len(head) == len(text) {
		return line
	}
	runes := []rune(line)
	if len(runes) > n {
		runes = runes[:n]
	}
	return strings.TrimSpace(string(runes)) + "…"
}
