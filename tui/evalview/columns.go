package evalview

import (
	"cmp"
	"fmt"
	"strings"

	"ctxlab/core/evalrun"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// column is one column of the Eval view's per-query table: its
// heading, its width, the cell of a query and the order it sorts by.
type column struct {
	heading string
	// narrow is the heading below wideWidth, where the table must
	// leave room for the last column.
	narrow string
	width  int // 0 takes what is left
	// spare columns are left out, in table order, while the last column
	// (which documents were lost, the fact a narrow screen must keep)
	// would be narrower than lostWhereMin.
	spare   bool
	cell    func(q *evalrun.QueryResult) string
	compare func(a, b *evalrun.QueryResult) int
}

// recallKey orders queries by recall, those without one (nothing relevant
// retrieved) first, so an ascending sort starts at the worst measured.
func recallKey(q *evalrun.QueryResult) float64 {
	if !q.HasRecall() {
		return -1
	}
	return q.ContextRecall()
}

var columns = []column{
	{"query", "query", 10, false, func(q *evalrun.QueryResult) string { return safetext.Line(q.QID) },
		func(a, b *evalrun.QueryResult) int { return cmp.Compare(a.QID, b.QID) }},
	{"recall", "recall", 6, false, func(q *evalrun.QueryResult) string {
		if !q.HasRecall() {
			return "none"
		}
		return fmt.Sprintf("%.2f", q.ContextRecall())
	}, func(a, b *evalrun.QueryResult) int { return cmp.Compare(recallKey(a), recallKey(b)) }},
	{"relevant sent", "relevant", 6, false, func(q *evalrun.QueryResult) string {
		return fmt.Sprintf("%s of %s", numfmt.Thousands(q.RelevantSent), numfmt.Thousands(q.RelevantRetrieved))
	}, func(a, b *evalrun.QueryResult) int { return cmp.Compare(a.RelevantSent, b.RelevantSent) }},
	{"relevant lost", "lost", 4, false, func(q *evalrun.QueryResult) string { return numfmt.Thousands(q.RelevantLost()) },
		func(a, b *evalrun.QueryResult) int { return cmp.Compare(a.RelevantLost(), b.RelevantLost()) }},
	{"in the block", "in block", 8, false, func(q *evalrun.QueryResult) string {
		return fmt.Sprintf("%s of %s", numfmt.Thousands(len(q.Included)), numfmt.Thousands(q.Retrieved))
	}, func(a, b *evalrun.QueryResult) int { return cmp.Compare(len(a.Included), len(b.Included)) }},
	// What the request carries of the block once the assembler cuts it to
	// the retrieved context's allocation (the block's own count measured
	// as sent).
	{"sent", "sent", 4, false, func(q *evalrun.QueryResult) string { return numfmt.Thousands(q.Sent) },
		func(a, b *evalrun.QueryResult) int { return cmp.Compare(a.Sent, b.Sent) }},
	{"duplicates", "duplicates", 4, true, func(q *evalrun.QueryResult) string { return numfmt.Thousands(q.DuplicatesRemoved) },
		func(a, b *evalrun.QueryResult) int { return cmp.Compare(a.DuplicatesRemoved, b.DuplicatesRemoved) }},
	{"tokens", "tokens", 6, true, func(q *evalrun.QueryResult) string { return numfmt.Thousands(q.TokensUsed) },
		func(a, b *evalrun.QueryResult) int { return cmp.Compare(a.TokensUsed, b.TokensUsed) }},
	{"lost where", "lost where", 0, false, func(q *evalrun.QueryResult) string { return lostWhere(q.Lost) },
		func(a, b *evalrun.QueryResult) int { return cmp.Compare(lostWhere(a.Lost), lostWhere(b.Lost)) }},
}

// lostWhere lists a query's lost relevant documents by stage:
// "kb-x over budget, kb-y duplicate".
func lostWhere(lost map[evalrun.Stage][]string) string {
	var parts []string
	for _, stage := range evalrun.LostStages {
		for _, id := range lost[stage] {
			parts = append(parts, safetext.Line(id)+" "+string(stage))
		}
	}
	return strings.Join(parts, ", ")
}
