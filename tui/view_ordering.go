package tui

import (
	"fmt"
	"math"
	"strings"

	"ctxlab/core"
	"ctxlab/themes"
)

// orderingContent draws relevance rank against position in the final
// context: with lost-in-the-middle on, the tallest bars (best ranks) sit
// at both ends and the shortest in the middle, matching the U-shaped
// attention curve drawn beneath.
func orderingContent(st *themes.Styles, ev *core.Evaluation, width int) string {
	if ev == nil {
		return st.Muted.Render("computing…")
	}
	if ev.Build == nil {
		return st.Muted.Render("The article's RAGContextManager keeps relevance order: documents are placed best first, no reordering.\nSwitch the builder control to context_manager to see lost-in-the-middle placement.")
	}
	tr := ev.Build.Trace
	n := len(tr.Reordered)
	if n == 0 {
		return st.Muted.Render("No documents reached the reorder stage.")
	}
	var b strings.Builder
	state := "on"
	if !tr.Counts.Reordered {
		state = "off (or 3 documents or fewer): relevance order"
	}
	fmt.Fprintf(&b, "%s lost in the middle: %s\n", st.Bold.Render("Rank against position in the final context"), state)
	fmt.Fprintf(&b, "%s\n\n", st.Muted.Render("Each column is a slot in the context, left = first; its height is the document's relevance (best rank tallest)."))

	colW := max(1, min(4, (width-8)/n))
	shown := min(n, (width-8)/colW)
	height := 10
	for row := height; row >= 1; row-- {
		label := "      "
		switch row {
		case height:
			label = " best "
		case 1:
			label = " weak "
		}
		b.WriteString(st.Muted.Render(label) + "▕")
		for slot := 0; slot < shown; slot++ {
			d := tr.Docs[tr.Reordered[slot]]
			h := int(math.Ceil(float64(n-d.PosBeforeReorder) / float64(n) * float64(height)))
			cell := strings.Repeat(" ", colW)
			if h >= row {
				cell = strings.Repeat("█", max(1, colW-1)) + strings.Repeat(" ", min(1, colW-1))
			}
			_, tone := fateLook(d.Fate)
			b.WriteString(toneStyle(st, tone).Render(cell))
		}
		b.WriteByte('\n')
	}
	b.WriteString(st.Muted.Render(" slot ") + "▕")
	for slot := 0; slot < shown; slot++ {
		label := fmt.Sprint(slot + 1)
		if colW < len(label)+1 && (slot+1)%5 != 0 && slot != 0 {
			label = ""
		}
		b.WriteString(padRight(label, colW))
	}
	b.WriteString("\n" + st.Muted.Render(" attn ") + "▕")
	levels := []rune("▁▂▃▄▅▆▇█")
	for slot := 0; slot < shown; slot++ {
		a := attention(slot, n)
		glyph := string(levels[int(a*float64(len(levels)-1)+0.5)])
		b.WriteString(st.Accent.Render(strings.Repeat(glyph, max(1, colW-1))) + strings.Repeat(" ", min(1, colW-1)))
	}
	b.WriteString("\n\n")
	b.WriteString(st.Muted.Render("attn: the U-shaped curve of how well models use each position (Liu et al., \"Lost in the Middle\", 2023),\n"))
	b.WriteString(st.Muted.Render("schematic. Colours and glyphs follow the budget fate: ✓ included, ✂ cut, ✗ over budget.\n\n"))

	b.WriteString(st.TableHeader.Render(" slot  rank  score  fate        source") + "\n")
	for slot, i := range tr.Reordered {
		d := tr.Docs[i]
		glyph, tone := fateLook(d.Fate)
		fmt.Fprintf(&b, " %4d  %4d  %5.2f  %s %-10s %s\n", slot+1, d.PosBeforeReorder+1, d.Score,
			toneStyle(st, tone).Render(glyph), d.Fate, truncateText(sourceOf(ev, i), max(10, width-36)))
	}
	return b.String()
}

// attention is a schematic U: strongest at the ends of the context,
// weakest in the middle.
func attention(slot, n int) float64 {
	if n <= 1 {
		return 1
	}
	x := 2*float64(slot)/float64(n-1) - 1
	return 0.25 + 0.75*x*x
}
