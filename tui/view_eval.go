package tui

import (
	"fmt"
	"strings"

	"ctxlab/core/evalrun"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
)

// evalHeaderLines are the lines above the rows: two of aggregate, one of
// state, the column headings.
const evalHeaderLines = 4

// evalViewState is what the Eval view shows besides the pane's own rows:
// whether a run is computing, and why the last one failed.
type evalViewState struct {
	name      string
	computing bool
	err       error
	// shown is the query open in the other views, -1 for none.
	shown int
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
		return box(st, title, st.Muted.Render(truncateText(safetext.Line(text), inner)), w, h, focused)
	}
	agg := p.report.Aggregate
	lines := []string{
		truncateText(evalRecallLine(agg), inner),
		st.Muted.Render(truncateText(evalVolumeLine(agg, p.report.Settings.Budget.RetrievedContext), inner)),
	}
	switch {
	case state.err != nil:
		lines = append(lines, st.Warn.Render(truncateText(safetext.Line("⚠ "+state.err.Error()+" (the table shows the last good setting)"), inner)))
	case state.computing:
		lines = append(lines, st.Muted.Render("recomputing every query under the new setting…"))
	default:
		lines = append(lines, st.Muted.Render(truncateText("under the current settings · ◆ marks the query open in the other views", inner)))
	}
	widths := evalColumnWidths(inner - 2)
	lines = append(lines, st.Bold.Render(truncateText("  "+evalHeadings(widths, p.sortBy, p.descending), inner)))
	rows := max(0, h-2-evalHeaderLines)
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

// evalRecallLine is the aggregate's first line: recall and the relevant
// documents lost, by stage.
func evalRecallLine(agg evalrun.Figures) string {
	head := numfmt.Count(agg.Queries, "query", "queries")
	if agg.QueriesWithRelevant == 0 {
		return head + " · context recall not measured: no judgments, or no relevant document retrieved"
	}
	line := fmt.Sprintf("%s · context recall %.2f over the %s with a relevant document retrieved (%s kept every one) · relevant in context %s of %s",
		head, agg.ContextRecall, numfmt.Thousands(agg.QueriesWithRelevant), numfmt.Thousands(agg.QueriesFullRecall),
		numfmt.Thousands(agg.RelevantInContext), numfmt.Thousands(agg.RelevantRetrieved))
	var lost []string
	for _, stage := range evalrun.LostStages {
		if n := agg.RelevantLost[stage]; n > 0 {
			lost = append(lost, numfmt.Thousands(n)+" "+string(stage))
		}
	}
	if len(lost) > 0 {
		line += ", lost: " + strings.Join(lost, ", ")
	}
	return line
}

// evalVolumeLine is the aggregate's second line: documents, duplicates,
// tokens and the budget.
func evalVolumeLine(agg evalrun.Figures, budget int) string {
	return fmt.Sprintf("%s retrieved, %s in context · %s removed · %s tokens, %s a query · %s-token budget: %s cut, %s over",
		numfmt.Count(agg.DocumentsRetrieved, "document", "documents"), numfmt.Thousands(agg.DocumentsInContext),
		numfmt.Count(agg.DuplicatesRemoved, "duplicate", "duplicates"), numfmt.Thousands(agg.TokensUsed),
		numfmt.Thousands(int(agg.MeanTokensUsed()+0.5)), numfmt.Thousands(budget),
		numfmt.Count(agg.Truncated, "query", "queries"), numfmt.Thousands(agg.OverBudget))
}

// evalColumnWidths are the columns' widths at a width; the last takes
// what is left.
func evalColumnWidths(width int) []int {
	widths := make([]int, len(evalColumns))
	used := 0
	for i, c := range evalColumns {
		// Room for the heading and the sort mark after it.
		widths[i] = max(c.width, len([]rune(c.heading))+2)
		used += widths[i] + 1
	}
	widths[len(widths)-1] = max(8, width-used)
	return widths
}

// evalHeadings are the column headings, the sorted one marked ▲ or ▼.
func evalHeadings(widths []int, sortBy int, descending bool) string {
	cells := make([]string, len(evalColumns))
	for i, c := range evalColumns {
		heading := c.heading
		if i == sortBy {
			mark := " ▲"
			if descending {
				mark = " ▼"
			}
			heading += mark
		}
		cells[i] = padRight(truncateText(heading, widths[i]), widths[i])
	}
	return strings.Join(cells, " ")
}

func evalRow(st *themes.Styles, widths []int, q *evalrun.QueryResult, selected, shown bool) string {
	cursor := "  "
	switch {
	case selected:
		cursor = st.Accent.Render("▸ ")
	case shown:
		cursor = st.Changed.Render("◆ ")
	}
	cells := make([]string, len(evalColumns))
	for i, c := range evalColumns {
		cells[i] = padRight(truncateText(c.cell(q), widths[i]), widths[i])
	}
	line := strings.Join(cells, " ")
	if q.HasRecall() && q.RelevantLost() > 0 {
		return cursor + st.Warn.Render(line)
	}
	return cursor + line
}
