package views

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ctxlab/core"
	"ctxlab/core/memory"
	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// Memory lists every history message with its fate under the
// chosen strategy, then the running summary. The token total is given
// both as the strategy counts it (message contents) and as the assembler
// sends it, and a cut the assembler made to the history is called out.
func Memory(st *themes.Styles, ev *core.Evaluation, fallbacks []string, width int) string {
	if ev == nil {
		return st.Muted.Render("computing…")
	}
	mem := ev.Memory
	var b strings.Builder
	counts := map[memory.Fate]int{}
	for _, f := range mem.Fates {
		counts[f.Fate]++
	}
	WriteTitled(&b, st, "Memory", fmt.Sprintf("%s · %s kept · %s pinned · %s summarized · %s dropped", mem.Strategy,
		numfmt.Thousands(counts[memory.Kept]), numfmt.Thousands(counts[memory.Pinned]), numfmt.Thousands(counts[memory.Summarized]), numfmt.Thousands(counts[memory.Dropped])), width)
	draw.WriteHanging(&b, st.Text, memoryTokensLine(ev), width, len("tokens: "))
	if mem.Overflow > 0 {
		draw.WriteWrapped(&b, st.Alert, fmt.Sprintf("▲ over the history budget by %s tokens even after the strategy: not hidden", numfmt.Thousands(mem.Overflow)), width)
	}
	if ev.Assembly != nil {
		if c, ok := ev.Assembly.Component(window.ComponentHistory); ok && c.Truncated {
			why := "role prefixes make the rendered history larger than the strategy counted"
			switch {
			case mem.Overflow > 0:
				why = "the strategy could not bring the history under its budget"
			case mem.Tokens > c.Allocated:
				why = fmt.Sprintf("the strategy kept %s tokens of contents, more than the %s allocated", numfmt.Thousands(mem.Tokens), numfmt.Thousands(c.Allocated))
			}
			draw.WriteHanging(&b, st.Partial, fmt.Sprintf("✂ the assembler cut %s tokens from the start of the history: %s. The Context view marks the cut.",
				numfmt.Thousands(c.Raw-c.Used), why), width, 2)
		}
	}
	for _, f := range fallbacks {
		// The lines are written for stderr; on screen the program's
		// name in front says nothing.
		draw.WriteHanging(&b, st.Warn, "▲ "+safetext.Line(strings.TrimPrefix(f, "ctxlab: ")), width, 2)
	}
	for _, note := range mem.Notes {
		draw.WriteHanging(&b, st.Muted, "note: "+safetext.Line(note), width, len("note: "))
	}
	b.WriteByte('\n')

	whyW := 18
	if width >= 100 {
		whyW = 22
	}
	row := func(fate, num, role, tokens, why string) string {
		return " " + draw.PadRight(fate, 4) + " " + draw.PadLeft(num, 3) + "  " + draw.PadRight(role, 9) + " " + draw.PadLeft(tokens, 6) + "  " + draw.PadRight(why, whyW) + "  "
	}
	head := row("fate", "#", "role", "tokens", "why")
	b.WriteString(st.TableHeader.Render(head+"message") + "\n")
	textW := max(10, width-lipgloss.Width(head))
	msgs := scenarioHistory(ev)
	for _, f := range mem.Fates {
		glyph, style := MemoryLook(st, f.Fate)
		role, text := "", ""
		if f.Index < len(msgs) {
			role = safetext.Line(msgs[f.Index].Role)
			text = safetext.Line(msgs[f.Index].Content)
		}
		label := string(f.Fate)
		if f.Pattern != "" && f.Fate == memory.Pinned {
			label += " by " + safetext.Line(f.Pattern)
		}
		// The message's number in the request as sent, as every view
		// names it (core.Evaluation.Numbers).
		number := f.Index + 1
		if f.Index < len(ev.Numbers.History) {
			number = ev.Numbers.History[f.Index]
		}
		prefix := row(glyph, fmt.Sprint(number), role, fmt.Sprint(f.Tokens), label)
		rest := draw.Truncate(text, textW)
		line := style.Render(prefix) + rest
		if f.Fate == memory.Dropped {
			line = style.Render(prefix + rest)
		}
		b.WriteString(line + "\n")
	}
	if mem.Summary != "" {
		fmt.Fprintf(&b, "\n%s\n", st.Bold.Render("Running summary"))
		draw.WriteWrapped(&b, st.Summarized, "[Conversation summary: "+safetext.Sanitize(mem.Summary)+"]", width)
		for _, fold := range mem.Folds {
			draw.WriteHanging(&b, st.Muted, fmt.Sprintf("  fold at message %s: %s folded, summary now %s tokens", numfmt.Thousands(fold.Turn), numfmt.Plural(len(fold.Folded), "1 message", numfmt.Thousands(len(fold.Folded))+" messages"), numfmt.Thousands(fold.SummaryTokens)), width, 4)
		}
	}
	writeFormatMemory(&b, st, ev, width)
	return b.String()
}

// memoryTokensLine gives the history's tokens as the strategy counts them
// (message contents, as the article's memory classes do) and as sent: in
// budgeted mode one assistant message of "role: content" lines, whose
// role prefixes and line breaks the strategy did not count.
func memoryTokensLine(ev *core.Evaluation) string {
	mem := ev.Memory
	counted := numfmt.Thousands(mem.Tokens)
	if mem.MaxTokens > 0 {
		counted += " of " + numfmt.Thousands(mem.MaxTokens)
	}
	line := "tokens: " + counted + " as the strategy counts them (contents only)"
	if ev.Assembly == nil {
		return line
	}
	c, ok := ev.Assembly.Component(window.ComponentHistory)
	if !ok {
		return line
	}
	if ev.Assembly.Mode == window.MeasureOnly {
		return fmt.Sprintf("tokens: %s as sent, one message each (contents; the per-message framing is counted apart)", numfmt.Thousands(c.Raw))
	}
	if c.Truncated {
		line += fmt.Sprintf(" · %s as rendered with role prefixes, %s sent after the assembler's cut", numfmt.Thousands(c.Raw), numfmt.Thousands(c.Used))
	} else {
		line += fmt.Sprintf(" · %s as sent (role prefixes included)", numfmt.Thousands(c.Raw))
	}
	return line + fmt.Sprintf(" · allocation %s", numfmt.Thousands(c.Allocated))
}

// scenarioHistory is the history the memory fates index into.
func scenarioHistory(ev *core.Evaluation) []value.Message { return ev.History }

func MemoryLook(st *themes.Styles, f memory.Fate) (string, lipgloss.Style) {
	switch f {
	case memory.Kept:
		return "✓", st.Included
	case memory.Pinned:
		return "⚑", st.Accent
	case memory.Summarized:
		return "Σ", st.Summarized
	case memory.Dropped:
		return "✗", st.Filtered
	}
	return "•", st.Muted
}
