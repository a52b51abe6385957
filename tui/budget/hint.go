package budget

import (
	"fmt"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/themes"
	"ctxlab/tui/draw"
	"ctxlab/tui/rows"
)

// HintWords are the ways, fullest first, of saying why the
// documents left out are left out though the window has room: the
// retrieved context's allocation decides, not the window. When the strip
// counts the documents twice (at the budget, then after the assembler's
// cut) the hint says so and where the legend explains it. nil when there
// is nothing to explain: no retrieved document left out, a request
// measured as sent or over its max input, or less room left in the
// window than the allocation itself.
func HintWords(ev *core.Evaluation, sent rows.Fates) []string {
	if ev == nil || ev.Assembly == nil || len(ev.Documents) == 0 || sent.Excluded == 0 {
		return nil
	}
	a := ev.Assembly
	rag, ok := a.Component(window.ComponentRAG)
	free := a.MaxInput - a.Used
	if !a.Fits || a.Mode != window.Budgeted || !ok || rag.Allocated <= 0 || free < rag.Allocated {
		return nil
	}
	n, alloc, room := numfmt.Thousands(sent.Excluded), numfmt.Thousands(rag.Allocated), numfmt.Thousands(free)
	docs := numfmt.Plural(sent.Excluded, "document", "documents")
	lost, cut := rows.AssemblerCuts(ev)
	twice := lost+cut > 0
	long := fmt.Sprintf("ℹ %s %s left out with %s input tokens free: the retrieved context's %s-token allocation decides, not the window",
		n, docs, room, alloc)
	mid := fmt.Sprintf("ℹ %s %s left out with %s tokens free: RAG's %s allocation decides, not the window", n, docs, room, alloc)
	short := fmt.Sprintf("ℹ %s left out with %s free: RAG's %s allocation decides", n, room, alloc)
	tiny := fmt.Sprintf("ℹ %s left out: RAG's %s allocation decides", n, alloc)
	if !twice {
		return []string{long + " (c: its control, RAG budget)", long, mid, short + ", not the window", short, tiny}
	}
	return []string{
		long + "; the strip counts them at the budget, then after the assembler (?? why)",
		mid + "; counted at the budget, then after the assembler (?? why)",
		mid + " · ?? why counted twice",
		mid + " · ??",
		short + " · ?? why",
		short,
		tiny,
	}
}

// Hint is the hint line under the strip, its fullest
// form that fits the width; "" when there is no hint.
func Hint(st *themes.Styles, words []string, width int) string {
	if len(words) == 0 {
		return ""
	}
	line := draw.Fitting(width-1, words...)
	return draw.PadRight(" "+st.Muted.Render(draw.Truncate(line, width-1)), width)
}
