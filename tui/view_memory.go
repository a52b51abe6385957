package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ctxlab/core"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
)

// memoryContent lists every history message with its fate under the
// chosen strategy, then the running summary.
func memoryContent(st *themes.Styles, ev *core.Evaluation, fallbacks []string, width int) string {
	if ev == nil {
		return st.Muted.Render("computing…")
	}
	mem := ev.Memory
	var b strings.Builder
	counts := map[core.MemoryFate]int{}
	for _, f := range mem.Fates {
		counts[f.Fate]++
	}
	fmt.Fprintf(&b, "%s %s · %s of %s tokens · %d kept · %d pinned · %d summarized · %d dropped\n",
		st.Bold.Render("Memory"), mem.Strategy, thousands(mem.Tokens), thousands(mem.MaxTokens),
		counts[core.MemoryKept], counts[core.MemoryPinned], counts[core.MemorySummarized], counts[core.MemoryDropped])
	if mem.Overflow > 0 {
		fmt.Fprintf(&b, "%s\n", st.Alert.Render(fmt.Sprintf(" ▲ over the history budget by %s tokens even after the strategy: not hidden ", thousands(mem.Overflow))))
	}
	for _, f := range fallbacks {
		fmt.Fprintf(&b, "%s\n", st.Warn.Render("▲ "+safetext.Line(f)))
	}
	for _, note := range mem.Notes {
		fmt.Fprintf(&b, "%s\n", st.Muted.Render("note: "+safetext.Line(note)))
	}
	b.WriteByte('\n')
	msgs := scenarioHistory(ev)
	for _, f := range mem.Fates {
		glyph, style := memoryLook(st, f.Fate)
		role := ""
		text := ""
		if f.Index < len(msgs) {
			role = safetext.Line(msgs[f.Index].Role)
			text = safetext.Line(msgs[f.Index].Content)
		}
		label := string(f.Fate)
		if f.Pattern != "" && f.Fate == core.MemoryPinned {
			label += " by " + safetext.Line(f.Pattern)
		}
		prefix := fmt.Sprintf(" %s %3d %-9s %5d  %-22s ", glyph, f.Index+1, role, f.Tokens, truncateText(label, 22))
		rest := truncateText(text, max(10, width-len([]rune(prefix))-1))
		line := style.Render(prefix) + rest
		if f.Fate == core.MemoryDropped {
			line = style.Render(prefix + rest)
		}
		b.WriteString(line + "\n")
	}
	if mem.Summary != "" {
		fmt.Fprintf(&b, "\n%s\n", st.Bold.Render("Running summary"))
		for _, l := range wrapText("[Conversation summary: "+safetext.Sanitize(mem.Summary)+"]", max(10, width-1)) {
			b.WriteString(st.Summarized.Render(l) + "\n")
		}
		for _, fold := range mem.Folds {
			fmt.Fprintf(&b, "%s\n", st.Muted.Render(fmt.Sprintf("  fold at turn %d: %d messages folded, summary now %d tokens", fold.Turn, len(fold.Folded), fold.SummaryTokens)))
		}
	}
	return b.String()
}

// scenarioHistory is the history the memory fates index into.
func scenarioHistory(ev *core.Evaluation) []core.Message { return ev.History }

func memoryLook(st *themes.Styles, f core.MemoryFate) (string, lipgloss.Style) {
	switch f {
	case core.MemoryKept:
		return "✓", st.Included
	case core.MemoryPinned:
		return "⚑", st.Accent
	case core.MemorySummarized:
		return "Σ", st.Summarized
	case core.MemoryDropped:
		return "✗", st.Filtered
	}
	return "•", st.Muted
}
