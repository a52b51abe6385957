package views

import (
	"fmt"
	"strings"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// writeFormatMemory shows the reference's own memory
// block, format_memory, beside the strategy the assembly used: the last
// max-turns×2 messages as "User:" / "Assistant:" lines, with the messages
// it labels Assistant although they are not (system, tool) marked.
func writeFormatMemory(b *strings.Builder, st *themes.Styles, ev *core.Evaluation, width int) {
	fm := ev.FormatMemory
	if len(ev.History) == 0 {
		return
	}
	b.WriteByte('\n')
	turns := "last " + numfmt.Plural(fm.MaxTurns, "turn", fmt.Sprintf("%s turns", numfmt.Thousands(fm.MaxTurns)))
	if fm.MaxTurns == 1 {
		turns = "last 1 turn"
	}
	if fm.MaxTurns == 0 {
		turns = "max turns 0: the whole history, as Python's [-0:] slice keeps"
	}
	WriteTitled(b, st, "format_memory", fmt.Sprintf("· the reference ContextManager's memory block (%s): %s of %s messages",
		turns, numfmt.Thousands(len(fm.Lines)), numfmt.Thousands(len(ev.History))), width)
	mislabeled := 0
	for _, l := range fm.Lines {
		if l.Mislabeled {
			mislabeled++
		}
	}
	if mislabeled > 0 {
		draw.WriteWrapped(b, st.Warn, fmt.Sprintf("▲ %s labelled Assistant although %s from the assistant (the reference labels every non-user role so)",
			numfmt.Plural(mislabeled, "1 message", fmt.Sprintf("%s messages", numfmt.Thousands(mislabeled))), numfmt.Plural(mislabeled, "it is not", "they are not")), width)
	}
	for _, l := range fm.Lines {
		text := ""
		if l.Index < len(ev.History) {
			text = safetext.Line(ev.History[l.Index].Content)
		}
		mark := "  "
		style := st.Text
		if l.Mislabeled {
			mark, style = "▲ ", st.Warn
		}
		line := fmt.Sprintf("%s%3d %s: %s", mark, l.Index+1, l.Label, text)
		b.WriteString(style.Render(draw.Truncate(line, width)) + "\n")
	}
}
