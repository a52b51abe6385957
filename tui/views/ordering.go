package views

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/internal/numfmt"
	"ctxlab/themes"
	"ctxlab/tui/draw"
	"ctxlab/tui/rows"
)

// Ordering is the Ordering view: relevance rank against position in the
// final context. With lost-in-the-middle on, the tallest bars (best
// ranks) sit at both ends and the shortest in the middle, matching the
// U-shaped attention curve drawn beneath. A row of fate glyphs under the
// bars says what reached the model from each slot, so the chart reads
// without colour. The two-stage retrieval follows when it is on.
func Ordering(st *themes.Styles, ev *core.Evaluation, width int) string {
	if ev == nil {
		return st.Muted.Render("computing…")
	}
	return placement(st, ev, width) + rerank(st, ev, width)
}

// placement is the rank-against-slot chart and table.
func placement(st *themes.Styles, ev *core.Evaluation, width int) string {
	var b strings.Builder
	if ev.Build == nil {
		draw.WriteWrapped(&b, st.Muted, "The article's RAGContextManager keeps relevance order: documents are placed best first, no reordering.", width)
		draw.WriteWrapped(&b, st.Muted, "Switch the builder control to context_manager to see lost-in-the-middle placement.", width)
		return b.String()
	}
	tr := ev.Build.Trace
	n := len(tr.Reordered)
	if n == 0 {
		draw.WriteWrapped(&b, st.Muted, "No documents reached the reorder stage.", width)
		return b.String()
	}
	state := "on"
	switch {
	case !ev.Settings.Pipeline.LostInMiddle:
		state = "off: relevance order"
	case tr.BudgetFirst && !tr.Counts.Reordered:
		state = "on, after the budget, but it kept " + numfmt.Count(len(tr.Cited), "document", "documents") + " (it needs 4): relevance order"
	case tr.BudgetFirst:
		state = "on, after the budget: the budget took documents best first, then what it kept was placed strongest at both ends; the documents not sent follow"
	case !tr.Counts.Reordered:
		state = "on, but only " + numfmt.Plural(n, "1 document remains", fmt.Sprintf("%s documents remain", numfmt.Thousands(n))) + " (it needs 4): relevance order"
	}
	title := "Rank vs position in the final context"
	rest := "lost in the middle: " + state
	if len(title)+3+len(rest) <= width {
		b.WriteString(st.Bold.Render(title) + " · " + rest + "\n")
	} else {
		b.WriteString(st.Bold.Render(draw.Truncate(title, width)) + "\n")
		draw.WriteWrapped(&b, st.Text, rest, width)
	}
	draw.WriteWrapped(&b, st.Muted, "Each column is a slot in the context, left = first; its height is the document's relevance (best rank tallest).", width)
	b.WriteByte('\n')

	colW := max(1, min(4, (width-8)/n))
	shown := min(n, max(1, (width-8)/colW))
	barW := max(1, colW-1)
	gap := strings.Repeat(" ", colW-barW)
	axis := func(label string) string { return st.Muted.Render(draw.PadRight(" "+label, 6)) + "▕" }
	height := 10
	for row := height; row >= 1; row-- {
		label := ""
		switch row {
		case height:
			label = "best"
		case 1:
			label = "weak"
		}
		b.WriteString(axis(label))
		for slot := 0; slot < shown; slot++ {
			i := tr.Reordered[slot]
			d := tr.Doc(i)
			h := int(math.Ceil(float64(n-int(d.PosBeforeReorder)) / float64(n) * float64(height)))
			cell := strings.Repeat(" ", colW)
			if h >= row {
				_, tone := slotLook(ev, i)
				cell = tone.Style(st).Render(strings.Repeat("█", barW)) + gap
			}
			b.WriteString(cell)
		}
		b.WriteByte('\n')
	}
	b.WriteString(axis("fate"))
	for slot := 0; slot < shown; slot++ {
		glyph, tone := slotLook(ev, tr.Reordered[slot])
		b.WriteString(tone.Style(st).Render(glyph) + strings.Repeat(" ", colW-1))
	}
	b.WriteString("\n" + axis("slot") + slotAxis(shown, colW) + "\n")
	b.WriteString(axis("attn"))
	levels := []rune("▁▂▃▄▅▆▇█")
	for slot := 0; slot < shown; slot++ {
		a := attention(slot, n)
		glyph := string(levels[int(a*float64(len(levels)-1)+0.5)])
		b.WriteString(st.Accent.Render(strings.Repeat(glyph, barW)) + gap)
	}
	b.WriteString("\n\n")
	if shown < n {
		draw.WriteWrapped(&b, st.Warn, fmt.Sprintf("Slots %s–%s do not fit this width: the table below lists every slot.", numfmt.Thousands(shown+1), numfmt.Thousands(n)), width)
	}
	legendIndent := len("fate: ")
	draw.WriteHanging(&b, st.Muted, "fate: what reached the model from each slot: ✓ sent whole · ✂ sent cut (the budget's partial copy, or the assembler's cut of the retrieved context) · Σ sent as a synopsis · ✗ not sent (over the budget, or cut out by the assembler). The bars' colours follow the same fates.", width, legendIndent)
	draw.WriteHanging(&b, st.Muted, "attn: the U-shaped curve of how well models use each position (Liu et al., \"Lost in the Middle\", 2023), schematic.", width, legendIndent)
	if note := budgetWalkNote(tr); note != "" {
		b.WriteByte('\n')
		draw.WriteWrapped(&b, st.Warn, note, width)
	}
	if note := assemblerCutNote(ev); note != "" {
		b.WriteByte('\n')
		draw.WriteWrapped(&b, st.Warn, note, width)
	}
	b.WriteByte('\n')

	const fateW = 15
	// As many decimals as the list shows, so the order of close scores
	// reads the same in both.
	digits, scoreW := rows.ScoreColumn(ev.Documents)
	srcW := max(10, width-34-scoreW)
	b.WriteString(st.TableHeader.Render(fmt.Sprintf(" %4s  %4s  %*s  %-*s  %s", "slot", "rank", scoreW, "score", fateW+2, "fate", "source")) + "\n")
	for slot, i := range tr.Reordered {
		d := tr.Doc(i)
		glyph, tone := slotLook(ev, i)
		fate := d.Fate.String()
		switch ev.RAGSurvival[i] {
		case core.SurvivedLost:
			fate += " → lost"
		case core.SurvivedCut:
			fate += " → cut"
		}
		fmt.Fprintf(&b, " %4d  %4d  %*.*f  %s %s  %s\n", slot+1, d.PosBeforeReorder+1, scoreW, digits, tr.Score(i),
			tone.Style(st).Render(glyph), draw.PadRight(fate, fateW), draw.Truncate(SourceOf(ev, i), srcW))
	}
	if len(ev.RAGSurvival) > 0 {
		b.WriteByte('\n')
		draw.WriteWrapped(&b, st.Muted, "→ lost, → cut: the builder placed the document, then the assembler cut the retrieved context to its allocation (keeping the start) before or inside it.", width)
	}
	return b.String()
}

// slotLook is the glyph and tone for what reached the model from a
// placed document: its budget fate, unless the assembler then cut it out
// of the request (✗) or cut inside it (✂).
func slotLook(ev *core.Evaluation, doc int) (string, rows.Tone) {
	switch ev.RAGSurvival[doc] {
	case core.SurvivedLost:
		return "✗", rows.ToneExcluded
	case core.SurvivedCut:
		return "✂", rows.TonePartial
	}
	return rows.FateLook(ev.Build.Trace.Doc(doc).Fate)
}

// slotAxis numbers the slots under the chart: slot 1, then every step-th
// slot, the step chosen so that no two numbers touch.
func slotAxis(shown, colW int) string {
	cells := []rune(strings.Repeat(" ", shown*colW))
	labelW := len(fmt.Sprint(shown)) + 1
	step := 1
	for _, s := range []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		step = s
		// Past a dozen slots, count in fives: "1 2 4 6" reads worse
		// than "1 5 10".
		if s*colW >= labelW && (s >= 5 || shown <= 12) {
			break
		}
	}
	free := 0 // first cell a label may start at
	for slot := 0; slot < shown; slot++ {
		if slot != 0 && (slot+1)%step != 0 {
			continue
		}
		label := []rune(fmt.Sprint(slot + 1))
		pos := slot * colW
		if pos < free || pos+len(label) > len(cells) {
			continue
		}
		copy(cells[pos:], label)
		free = pos + len(label) + 1
	}
	return strings.TrimRight(string(cells), " ")
}

// budgetWalkNote explains documents the budget excluded although a
// worse-ranked document made it in: the walk goes through the slots front
// to back, so after lost-in-the-middle the strong documents placed at the
// end meet an exhausted budget. This is the reference's behaviour.
func budgetWalkNote(tr pipeline.Trace) string {
	worst := -1
	var worstFate pipeline.Fate
	for _, i := range tr.Reordered {
		d := tr.Doc(i)
		if d.Fate.InContext() && int(d.PosBeforeReorder) > worst {
			worst, worstFate = int(d.PosBeforeReorder), d.Fate
		}
	}
	var skipped []pipeline.DocTrace
	for _, i := range tr.Reordered {
		d := tr.Doc(i)
		if d.Fate == pipeline.FateExcluded && int(d.PosBeforeReorder) < worst {
			skipped = append(skipped, d)
		}
	}
	if len(skipped) == 0 {
		return ""
	}
	sort.Slice(skipped, func(a, b int) bool { return skipped[a].PosBeforeReorder < skipped[b].PosBeforeReorder })
	ranks := make([]int, len(skipped))
	first, last := len(tr.Reordered), 0
	for k, d := range skipped {
		ranks[k] = int(d.PosBeforeReorder) + 1
		first = min(first, int(d.PosAfterReorder)+1)
		last = max(last, int(d.PosAfterReorder)+1)
	}
	where := fmt.Sprintf("in slots %s–%s", numfmt.Thousands(first), numfmt.Thousands(last))
	if first == last {
		where = fmt.Sprintf("in slot %s", numfmt.Thousands(first))
	}
	if last == len(tr.Reordered) {
		where = "placed at the end, " + where
	}
	kept := "included"
	switch worstFate {
	case pipeline.FatePartial:
		kept = "included in part"
	case pipeline.FateSummarized:
		kept = "included as a synopsis"
	}
	verb := "are"
	if len(skipped) == 1 {
		verb = "is"
	}
	if tr.BudgetFirst {
		return fmt.Sprintf("The budget walks the documents best first, before the reorder, and passes over those that no longer fit: %s %s %s excluded while rank %s is %s.",
			numfmt.Plural(len(skipped), "rank", "ranks"), listInts(ranks, 6), verb, numfmt.Thousands(worst+1), kept)
	}
	if tr.Counts.Reordered {
		return fmt.Sprintf("The budget walks the slots front to back: %s %s (%s) %s excluded while rank %s is %s. "+
			"Lost in the middle placed before a greedy budget drops the strong documents it placed last; this is the reference's behaviour.",
			numfmt.Plural(len(skipped), "rank", "ranks"), listInts(ranks, 6), where, verb, numfmt.Thousands(worst+1), kept)
	}
	return fmt.Sprintf("The budget walks the documents best first and passes over those that no longer fit: %s %s (%s) %s excluded while rank %s is %s.",
		numfmt.Plural(len(skipped), "rank", "ranks"), listInts(ranks, 6), where, verb, numfmt.Thousands(worst+1), kept)
}

// assemblerCutNote says which placed documents the assembler then cut out
// of the request when it trimmed the retrieved context to its allocation.
func assemblerCutNote(ev *core.Evaluation) string {
	if len(ev.RAGSurvival) == 0 {
		return ""
	}
	tr := ev.Build.Trace
	var lost, cut []pipeline.DocTrace
	for _, i := range tr.Reordered {
		switch ev.RAGSurvival[i] {
		case core.SurvivedLost:
			lost = append(lost, tr.Doc(i))
		case core.SurvivedCut:
			cut = append(cut, tr.Doc(i))
		}
	}
	if len(lost) == 0 && len(cut) == 0 {
		return ""
	}
	describe := func(docs []pipeline.DocTrace) string {
		slots := make([]int, len(docs))
		ranks := make([]int, len(docs))
		for k, d := range docs {
			slots[k], ranks[k] = int(d.PosAfterReorder)+1, int(d.PosBeforeReorder)+1
		}
		return fmt.Sprintf("%s %s (%s %s)", numfmt.Plural(len(docs), "slot", "slots"), listInts(slots, 6), numfmt.Plural(len(docs), "rank", "ranks"), listInts(ranks, 6))
	}
	var parts []string
	if len(lost) > 0 {
		parts = append(parts, describe(lost)+" not sent")
	}
	if len(cut) > 0 {
		parts = append(parts, describe(cut)+" sent cut")
	}
	return "Then the assembler cut the retrieved context to its allocation, keeping the start: " + strings.Join(parts, "; ") + "."
}

// listInts lists numbers as "2, 4, 6", at most limit of them, then "and
// N more"; a run of consecutive numbers reads "22–26".
func listInts(xs []int, limit int) string {
	consecutive := len(xs) > 2
	for k := 1; k < len(xs) && consecutive; k++ {
		consecutive = xs[k] == xs[k-1]+1
	}
	if consecutive {
		return fmt.Sprintf("%s–%s", numfmt.Thousands(xs[0]), numfmt.Thousands(xs[len(xs)-1]))
	}
	var parts []string
	for k, x := range xs {
		if k == limit {
			return strings.Join(parts, ", ") + fmt.Sprintf(" and %s more", numfmt.Thousands(len(xs)-limit))
		}
		parts = append(parts, fmt.Sprint(x))
	}
	return strings.Join(parts, ", ")
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
