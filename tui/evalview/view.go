package evalview

import (
	"fmt"
	"strings"

	"ctxlab/core/evalrun"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// headerLines are the lines above the rows: two of aggregate, one of
// state, the column headings; baselineLines more with a baseline
// pinned: its aggregate, and the change in words.
const (
	headerLines   = 4
	baselineLines = 2
)

// headerHeight is the lines above the rows, with or without a baseline
// pinned.
func headerHeight(baseline bool) int {
	if baseline {
		return headerLines + baselineLines
	}
	return headerLines
}

// Title is the title of the view's box.
func (m Model) Title() string {
	return fmt.Sprintf("a Eval: %s · s: sort · r: reverse · enter: open the query", safetext.Line(m.name))
}

// View draws the view's lines inside its box, width×height cells,
// rendering only the rows on screen; focused marks the cursor's row.
func (m Model) View(st *themes.Styles, width, height int, focused bool) string {
	inner := max(1, width)
	if m.report == nil {
		text := "computing every query…"
		if m.err != nil {
			text = "⚠ " + m.err.Error()
		}
		return st.Muted.Render(draw.Truncate(safetext.Line(text), inner))
	}
	agg := m.report.Aggregate
	lines := []string{
		draw.Truncate(draw.Fitting(inner, recallLines(agg)...), inner),
		st.Muted.Render(draw.Truncate(draw.Fitting(inner, volumeLines(agg, m.report.Settings.Budget.RetrievedContext)...), inner)),
	}
	if m.pinned != nil {
		lines = append(lines, m.baselineText(st, agg, inner)...)
	}
	switch {
	case m.err != nil:
		lines = append(lines, st.Warn.Render(draw.Truncate(safetext.Line("⚠ "+m.err.Error()+" (the table shows the last good setting)"), inner)))
	case m.busy:
		lines = append(lines, st.Muted.Render("recomputing every query under the new setting…"))
	default:
		lines = append(lines, st.Muted.Render(draw.Truncate(draw.Fitting(inner, budgetLines(agg, m.report.Settings.Budget.RetrievedContext)...), inner)))
	}
	widths := columnWidths(inner-2, m.sortBy)
	lines = append(lines, st.Bold.Render(draw.Truncate("  "+headings(widths, inner, m.sortBy, m.descending), inner)))
	rows := max(0, height-headerHeight(m.pinned != nil))
	end := min(len(m.order), m.cur.Offset+rows)
	for row := m.cur.Offset; row < end; row++ {
		i := m.order[row]
		lines = append(lines, queryRow(st, widths, &m.report.Queries[i], row == m.cur.Cursor && focused, i == m.shown))
	}
	if len(m.order) == 0 {
		lines = append(lines, st.Muted.Render("the run holds no query"))
	}
	return strings.Join(lines, "\n")
}

// recallLines are the aggregate's first line, longest first: recall
// and the relevant documents lost, by stage.
func recallLines(agg evalrun.Figures) []string {
	head := numfmt.Count(agg.Queries, "query", "queries")
	if agg.QueriesWithRelevant == 0 {
		return []string{head + " · context recall not measured: no judgments, or no relevant document retrieved", head + " · no context recall: nothing judged relevant retrieved"}
	}
	var lost []string
	for _, stage := range evalrun.LostStages {
		if n := agg.RelevantLost[stage]; n > 0 {
			lost = append(lost, numfmt.Thousands(n)+" "+string(stage))
		}
	}
	lostWords := ""
	if len(lost) > 0 {
		lostWords = ", lost: " + strings.Join(lost, ", ")
	}
	relevant := fmt.Sprintf("relevant sent %s of %s%s", numfmt.Thousands(agg.RelevantSent), numfmt.Thousands(agg.RelevantRetrieved), lostWords)
	// The block's recall, before the assembler's cut, when the cut
	// loses a relevant document.
	block := ""
	if agg.RelevantInBlock > agg.RelevantSent {
		block = fmt.Sprintf(" (%.2f in the blocks)", agg.BlockRecall)
	}
	return []string{
		fmt.Sprintf("%s · context recall %.2f%s over the %s with a relevant document retrieved (%s sent every one) · %s",
			head, agg.ContextRecall, block, numfmt.Thousands(agg.QueriesWithRelevant), numfmt.Thousands(agg.QueriesFullRecall), relevant),
		fmt.Sprintf("%s · context recall %.2f%s over %s · %s", head, agg.ContextRecall, block, numfmt.Thousands(agg.QueriesWithRelevant), relevant),
		fmt.Sprintf("%s · context recall %.2f over %s · %s", head, agg.ContextRecall, numfmt.Thousands(agg.QueriesWithRelevant), relevant),
		fmt.Sprintf("recall %.2f over %s · relevant sent %s of %s%s", agg.ContextRecall, numfmt.Count(agg.QueriesWithRelevant, "query", "queries"),
			numfmt.Thousands(agg.RelevantSent), numfmt.Thousands(agg.RelevantRetrieved), lostWords),
		// A narrow box: every figure, the stages in a word.
		fmt.Sprintf("recall %.2f · relevant sent %s of %s%s", agg.ContextRecall,
			numfmt.Thousands(agg.RelevantSent), numfmt.Thousands(agg.RelevantRetrieved), shortLostWords(agg)),
		fmt.Sprintf("recall %.2f · sent %s/%s%s", agg.ContextRecall,
			numfmt.Thousands(agg.RelevantSent), numfmt.Thousands(agg.RelevantRetrieved), shortLostWords(agg)),
	}
}

// shortStage names a stage that lost relevant documents in a word.
var shortStage = map[evalrun.Stage]string{
	evalrun.StageRerank: "rerank", evalrun.StageFiltered: "filtered", evalrun.StageDuplicate: "dup",
	evalrun.StageBudget: "budget", evalrun.StageAssembler: "assembler",
}

// shortLostWords are where relevant documents were lost, a word a stage:
// ", lost 1 filtered, 5 budget, 3 assembler".
func shortLostWords(agg evalrun.Figures) string {
	var lost []string
	for _, stage := range evalrun.LostStages {
		if n := agg.RelevantLost[stage]; n > 0 {
			word := shortStage[stage]
			if word == "" {
				word = string(stage)
			}
			lost = append(lost, numfmt.Thousands(n)+" "+word)
		}
	}
	if len(lost) == 0 {
		return ""
	}
	return ", lost " + strings.Join(lost, ", ")
}

// volumeLines are the aggregate's second line, longest first:
// documents, duplicates, tokens and the budget they were built under.
func volumeLines(agg evalrun.Figures, budget int) []string {
	docs := fmt.Sprintf("%s retrieved, %s in the blocks", numfmt.Count(agg.DocumentsRetrieved, "document", "documents"), numfmt.Thousands(agg.DocumentsInContext))
	dupes := numfmt.Count(agg.DuplicatesRemoved, "duplicate", "duplicates") + " removed"
	tokens := fmt.Sprintf("%s tokens, %s a query", numfmt.Thousands(agg.TokensUsed), numfmt.Thousands(int(agg.MeanTokensUsed()+0.5)))
	budgeted := fmt.Sprintf("%s (budget %s)", tokens, numfmt.Thousands(budget))
	var sentForms []string
	if agg.DocumentsSent < agg.DocumentsInContext {
		// The headers the reference does not budget put the blocks over
		// the allocation, and the assembler cuts their ends off: what is
		// sent goes before the rest, which the table's columns repeat.
		sent := numfmt.Thousands(agg.DocumentsSent)
		sentForms = []string{
			strings.Join([]string{docs + ", " + sent + " sent after the assembler's cut", dupes, budgeted}, " · "),
			strings.Join([]string{docs + ", " + sent + " sent after the assembler's cut", budgeted}, " · "),
			strings.Join([]string{docs + ", " + sent + " sent", budgeted}, " · "),
			docs + ", " + sent + " sent",
		}
	}
	return append(sentForms,
		strings.Join([]string{docs, dupes, budgeted}, " · "),
		strings.Join([]string{dupes, budgeted}, " · "),
		strings.Join([]string{docs, dupes, tokens}, " · "),
		strings.Join([]string{dupes, tokens}, " · "),
	)
}

// budgetLines are the line under the aggregate, longest first: what
// the budget did, in the words `ctxlab eval` prints, since every row's
// tokens are over the budget when the citation headers are.
func budgetLines(agg evalrun.Figures, budget int) []string {
	words := evalrun.BudgetWords(agg)
	under := fmt.Sprintf("under the current settings, a %s-token budget: %s", numfmt.Thousands(budget), words)
	short := fmt.Sprintf("%s cut by the budget; %s over it (headers not budgeted)",
		numfmt.Count(agg.Truncated, "query", "queries"), numfmt.Count(agg.OverBudget, "block", "blocks"))
	return []string{
		under + " · ◆ marks the query open in the other views",
		under,
		numfmt.Thousands(budget) + "-token budget: " + words,
		words,
		short,
		fmt.Sprintf("%s cut, %s over the budget", numfmt.Thousands(agg.Truncated), numfmt.Count(agg.OverBudget, "block", "blocks")),
	}
}

// columnGap separates the table's columns.
const columnGap = "  "

// wideWidth is the width from which the table's headings are spelt
// out in full.
const wideWidth = 120

// columnHeading is column i's heading at a width.
func columnHeading(i, width int) string {
	if width < wideWidth {
		return columns[i].narrow
	}
	return columns[i].heading
}

// lostWhereMin is the width the last column, the lost documents'
// names, keeps before the spare columns give way.
const lostWhereMin = 30

// columnWidths are the columns' widths at a width, sorted by column
// sortBy; the last takes what is left, a spare column left out (width 0)
// gives it room, and a column left out is never the one sorted by.
func columnWidths(width, sortBy int) []int {
	widths := make([]int, len(columns))
	used := 0
	for i, c := range columns[:len(columns)-1] {
		heading := len([]rune(columnHeading(i, width)))
		if i == sortBy {
			heading += 2 // the sort mark
		}
		widths[i] = max(c.width, heading)
		used += widths[i] + len(columnGap)
	}
	for i, c := range columns {
		if width-used >= lostWhereMin {
			break
		}
		if c.spare && i != sortBy {
			used -= widths[i] + len(columnGap)
			widths[i] = 0
		}
	}
	widths[len(widths)-1] = max(8, width-used)
	return widths
}

// joinCells joins the cells of the columns shown (width above 0).
func joinCells(widths []int, cell func(i int) string) string {
	var cells []string
	for i, w := range widths {
		if w > 0 {
			cells = append(cells, draw.PadRight(draw.Truncate(cell(i), w), w))
		}
	}
	return strings.Join(cells, columnGap)
}

// headings are the column headings, the sorted one marked ▲ or ▼.
func headings(widths []int, width, sortBy int, descending bool) string {
	return joinCells(widths, func(i int) string {
		heading := columnHeading(i, width)
		if i == sortBy {
			mark := " ▲"
			if descending {
				mark = " ▼"
			}
			heading += mark
		}
		return heading
	})
}

func queryRow(st *themes.Styles, widths []int, q *evalrun.QueryResult, selected, shown bool) string {
	cursor := "  "
	switch {
	case selected:
		cursor = st.Accent.Render("▸ ")
	case shown:
		cursor = st.Changed.Render("◆ ")
	}
	line := joinCells(widths, func(i int) string { return columns[i].cell(q) })
	if q.HasRecall() && q.RelevantLost() > 0 {
		return cursor + st.Warn.Render(line)
	}
	return cursor + line
}

// baselineText is the baseline's aggregate and the change in words,
// in warning colour when more relevant documents are lost than under the
// baseline.
func (m Model) baselineText(st *themes.Styles, now evalrun.Figures, inner int) []string {
	if m.baseline == nil {
		return []string{st.Muted.Render(draw.Truncate("baseline: running every query under the pinned settings…", inner)), ""}
	}
	change := evalrun.FiguresChange{Baseline: m.baseline.Aggregate, Now: now}
	base := m.baseline.Aggregate
	recall := "no context recall"
	if base.QueriesWithRelevant > 0 {
		recall = fmt.Sprintf("context recall %.2f", base.ContextRecall)
	}
	lost := numfmt.Count(base.RelevantLostTotal(), "relevant document", "relevant documents") + " lost"
	baseLines := []string{
		fmt.Sprintf("baseline: %s, %s, %s tokens, %s removed · P clears it", recall, lost,
			numfmt.Thousands(base.TokensUsed), numfmt.Count(base.DuplicatesRemoved, "duplicate", "duplicates")),
		fmt.Sprintf("baseline: %s · %s · %s tokens", recall, lost, numfmt.Thousands(base.TokensUsed)),
	}
	// The settings turned since the pin that a run reads: "at dedup 0.80".
	at := changeAt(*m.pinned, m.report.Settings)
	if at == "" {
		at = "same run settings"
	}
	words := []string{"now against it: " + change.Words(at), "vs baseline: " + change.Brief()}
	style := st.Changed
	if change.RelevantLostChange() > 0 {
		style = st.Warn
	}
	return []string{st.Muted.Render(draw.Truncate(draw.Fitting(inner, baseLines...), inner)), style.Render(draw.Truncate(draw.Fitting(inner, words...), inner))}
}
