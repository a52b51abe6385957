package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core/evalrun"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// evalHeaderLines are the lines above the rows: two of aggregate, one of
// state, the column headings; evalBaselineLines more with a baseline
// pinned: its aggregate, and the change in words.
const (
	evalHeaderLines   = 4
	evalBaselineLines = 2
)

// evalHeaderHeight is the lines above the rows, with or without a
// baseline pinned.
func evalHeaderHeight(baseline bool) int {
	if baseline {
		return evalHeaderLines + evalBaselineLines
	}
	return evalHeaderLines
}

// evalViewState is what the Eval view shows besides the pane's own rows:
// whether a run is computing, and why the last one failed.
type evalViewState struct {
	name      string
	computing bool
	err       error
	// shown is the query open in the other views, -1 for none.
	shown int
	// pinned is set while a baseline is pinned; baseline is the run under
	// it once computed, at the settings turned since ("at dedup 0.80").
	pinned   bool
	baseline *evalrun.Report
	at       string
}

// view draws the Eval view in a box w×h cells, rendering only the rows
// on screen.
func (p evalPane) view(st *themes.Styles, state evalViewState, w, h int, focused bool) string {
	title := fmt.Sprintf("a Eval: %s · s: sort · r: reverse · enter: open the query", safetext.Line(state.name))
	inner := max(1, w-2)
	if p.report == nil {
		text := "computing every query…"
		if state.err != nil {
			text = "⚠ " + state.err.Error()
		}
		return box(st, title, st.Muted.Render(draw.Truncate(safetext.Line(text), inner)), w, h, focused)
	}
	agg := p.report.Aggregate
	lines := []string{
		draw.Truncate(fitting(inner, evalRecallLines(agg)...), inner),
		st.Muted.Render(draw.Truncate(fitting(inner, evalVolumeLines(agg, p.report.Settings.Budget.RetrievedContext)...), inner)),
	}
	if state.pinned {
		lines = append(lines, evalBaselineText(st, state, agg, inner)...)
	}
	switch {
	case state.err != nil:
		lines = append(lines, st.Warn.Render(draw.Truncate(safetext.Line("⚠ "+state.err.Error()+" (the table shows the last good setting)"), inner)))
	case state.computing:
		lines = append(lines, st.Muted.Render("recomputing every query under the new setting…"))
	default:
		lines = append(lines, st.Muted.Render(draw.Truncate(fitting(inner, evalBudgetLines(agg, p.report.Settings.Budget.RetrievedContext)...), inner)))
	}
	widths := evalColumnWidths(inner-2, p.sortBy)
	lines = append(lines, st.Bold.Render(draw.Truncate("  "+evalHeadings(widths, inner, p.sortBy, p.descending), inner)))
	rows := max(0, h-2-evalHeaderHeight(state.pinned))
	end := min(len(p.order), p.offset+rows)
	for row := p.offset; row < end; row++ {
		i := p.order[row]
		lines = append(lines, evalRow(st, widths, &p.report.Queries[i], row == p.cursor && focused, i == state.shown))
	}
	if len(p.order) == 0 {
		lines = append(lines, st.Muted.Render("the run holds no query"))
	}
	return box(st, title, strings.Join(lines, "\n"), w, h, focused)
}

// fitting is the first of lines, longest first, that fits width, or the
// last.
func fitting(width int, lines ...string) string {
	for _, line := range lines {
		if ansi.StringWidth(line) <= width {
			return line
		}
	}
	return lines[len(lines)-1]
}

// evalRecallLines are the aggregate's first line, longest first: recall
// and the relevant documents lost, by stage.
func evalRecallLines(agg evalrun.Figures) []string {
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
	}
}

// evalVolumeLines are the aggregate's second line, longest first:
// documents, duplicates, tokens and the budget they were built under.
func evalVolumeLines(agg evalrun.Figures, budget int) []string {
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

// evalBudgetLines are the line under the aggregate, longest first: what
// the budget did, in the words `ctxlab eval` prints, since every row's
// tokens are over the budget when the citation headers are.
func evalBudgetLines(agg evalrun.Figures, budget int) []string {
	words := evalrun.BudgetWords(agg)
	under := fmt.Sprintf("under the current settings, a %s-token budget: %s", numfmt.Thousands(budget), words)
	return []string{
		under + " · ◆ marks the query open in the other views",
		under,
		numfmt.Thousands(budget) + "-token budget: " + words,
		words,
	}
}

// evalColumnGap separates the table's columns.
const evalColumnGap = "  "

// evalWideWidth is the width from which the table's headings are spelt
// out in full.
const evalWideWidth = 120

// evalColumnHeading is column i's heading at a width.
func evalColumnHeading(i, width int) string {
	if width < evalWideWidth {
		return evalColumns[i].narrow
	}
	return evalColumns[i].heading
}

// evalLostWhereMin is the width the last column, the lost documents'
// names, keeps before the spare columns give way.
const evalLostWhereMin = 30

// evalColumnWidths are the columns' widths at a width, sorted by column
// sortBy; the last takes what is left, a spare column left out (width 0)
// gives it room, and a column left out is never the one sorted by.
func evalColumnWidths(width, sortBy int) []int {
	widths := make([]int, len(evalColumns))
	used := 0
	for i, c := range evalColumns[:len(evalColumns)-1] {
		heading := len([]rune(evalColumnHeading(i, width)))
		if i == sortBy {
			heading += 2 // the sort mark
		}
		widths[i] = max(c.width, heading)
		used += widths[i] + len(evalColumnGap)
	}
	for i, c := range evalColumns {
		if width-used >= evalLostWhereMin {
			break
		}
		if c.spare && i != sortBy {
			used -= widths[i] + len(evalColumnGap)
			widths[i] = 0
		}
	}
	widths[len(widths)-1] = max(8, width-used)
	return widths
}

// evalCells joins the cells of the columns shown (width above 0).
func evalCells(widths []int, cell func(i int) string) string {
	var cells []string
	for i, w := range widths {
		if w > 0 {
			cells = append(cells, draw.PadRight(draw.Truncate(cell(i), w), w))
		}
	}
	return strings.Join(cells, evalColumnGap)
}

// evalHeadings are the column headings, the sorted one marked ▲ or ▼.
func evalHeadings(widths []int, width, sortBy int, descending bool) string {
	return evalCells(widths, func(i int) string {
		heading := evalColumnHeading(i, width)
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

func evalRow(st *themes.Styles, widths []int, q *evalrun.QueryResult, selected, shown bool) string {
	cursor := "  "
	switch {
	case selected:
		cursor = st.Accent.Render("▸ ")
	case shown:
		cursor = st.Changed.Render("◆ ")
	}
	line := evalCells(widths, func(i int) string { return evalColumns[i].cell(q) })
	if q.HasRecall() && q.RelevantLost() > 0 {
		return cursor + st.Warn.Render(line)
	}
	return cursor + line
}

// evalBaselineText is the baseline's aggregate and the change in words,
// in warning colour when more relevant documents are lost than under the
// baseline.
func evalBaselineText(st *themes.Styles, state evalViewState, now evalrun.Figures, inner int) []string {
	if state.baseline == nil {
		return []string{st.Muted.Render(draw.Truncate("baseline: running every query under the pinned settings…", inner)), ""}
	}
	change := evalrun.FiguresChange{Baseline: state.baseline.Aggregate, Now: now}
	base := state.baseline.Aggregate
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
	at := state.at
	if at == "" {
		at = "same run settings"
	}
	words := []string{"now against it: " + change.Words(at), "vs baseline: " + change.Brief()}
	style := st.Changed
	if change.RelevantLostChange() > 0 {
		style = st.Warn
	}
	return []string{st.Muted.Render(draw.Truncate(fitting(inner, baseLines...), inner)), style.Render(draw.Truncate(fitting(inner, words...), inner))}
}
