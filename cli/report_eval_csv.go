package cli

import (
	"io"
	"strconv"
	"strings"

	"ctxlab/core/evalrun"
	"ctxlab/internal/csvcell"
	"ctxlab/internal/safetext"
)

// writeEvalCSV writes one row per query, for a spreadsheet; lists of ids
// are separated by spaces, and a query without a relevant document
// retrieved has empty recalls. context_recall counts what is sent,
// block_recall the pipeline's block before the assembler's cut. Ids and query text are made inert, as
// the CSV may go straight to a terminal, and csvcell quotes a cell a
// spreadsheet would read as a formula.
func writeEvalCSV(w io.Writer, rep *evalrun.Report) error {
	out := csvcell.NewWriter(w)
	header := []string{"qid", "query", "retrieved", "in_block", "sent", "relevant_retrieved", "relevant_in_block", "relevant_sent", "relevant_sent_in_part", "context_recall", "block_recall"}
	for _, stage := range evalrun.LostStages {
		header = append(header, "lost_"+stage.Key())
	}
	header = append(header, "filtered", "duplicates_removed", "tokens_used", "tokens_budget", "truncated", "over_budget", "included")
	if err := out.Write(header); err != nil {
		return err
	}
	for i := range rep.Queries {
		q := &rep.Queries[i]
		recall, block := "", ""
		if q.HasRecall() {
			recall, block = strconv.FormatFloat(q.ContextRecall(), 'f', 4, 64), strconv.FormatFloat(q.BlockRecall(), 'f', 4, 64)
		}
		row := []string{safetext.Line(q.QID), safetext.Line(q.Query), strconv.Itoa(q.Retrieved), strconv.Itoa(len(q.Included)), strconv.Itoa(q.Sent),
			strconv.Itoa(q.RelevantRetrieved), strconv.Itoa(q.RelevantInBlock), strconv.Itoa(q.RelevantSent), strconv.Itoa(q.RelevantInPart), recall, block}
		for _, stage := range evalrun.LostStages {
			row = append(row, safetext.Line(strings.Join(q.Lost[stage], " ")))
		}
		row = append(row, strconv.Itoa(q.Filtered), strconv.Itoa(q.DuplicatesRemoved), strconv.Itoa(q.TokensUsed),
			strconv.Itoa(q.TokensBudget), strconv.FormatBool(q.Truncated), strconv.FormatBool(q.OverBudget), safetext.Line(strings.Join(q.Included, " ")))
		if err := out.Write(row); err != nil {
			return err
		}
	}
	out.Flush()
	return out.Error()
}
