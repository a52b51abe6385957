package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"ctxlab/core/evalrun"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/evalinput"
)

func writeEvalText(w io.Writer, files evalinput.Files, set *evalrun.Set, rep *evalrun.Report) error {
	agg := rep.Aggregate
	b := &strings.Builder{}
	fmt.Fprintf(b, "Evaluated %s of %s: %s retrieved, each query's context built under a %s-token budget (%s).\n\n",
		numfmt.Count(agg.Queries, "query", "queries"), safetext.Line(relativePath(files.Run)),
		numfmt.Count(agg.DocumentsRetrieved, "document", "documents"),
		numfmt.Thousands(rep.Settings.Budget.RetrievedContext), rep.Settings.Pipeline.Tokenizer.Name())
	t := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	switch {
	case !set.Judged:
		fmt.Fprintln(t, "Context recall\tnot measured: no judgments given (--qrels)")
	case agg.QueriesWithRelevant == 0:
		fmt.Fprintln(t, "Context recall\tnot measured: no query retrieved a document judged relevant")
	default:
		fmt.Fprintf(t, "Context recall\t%.2f, the mean over %s with a relevant document retrieved; %s sent every one\n",
			agg.ContextRecall, numfmt.Count(agg.QueriesWithRelevant, "query", "queries"), numfmt.Thousands(agg.QueriesFullRecall))
		if rep.AssemblerCut {
			fmt.Fprintf(t, "Block recall\t%.2f, in the pipeline's blocks before the assembler's cut\n", agg.BlockRecall)
		}
		fmt.Fprintf(t, "Relevant documents\t%s\n", relevantWords(agg))
	}
	fmt.Fprintf(t, "Documents\t%s retrieved, %s\n", numfmt.Thousands(agg.DocumentsRetrieved), documentsWords(agg))
	fmt.Fprintf(t, "Tokens used\t%s in all, %s per query on average\n",
		numfmt.Thousands(agg.TokensUsed), numfmt.Thousands(int(agg.MeanTokensUsed()+0.5)))
	fmt.Fprintf(t, "Budget\t%s\n", evalrun.BudgetWords(agg))
	if err := t.Flush(); err != nil {
		return err
	}
	b.WriteString("\n")
	writeEvalTable(b, set.Judged, rep.Queries)
	// An empty last column leaves the padding before it at the end of
	// the line; it is cut, so the report copies cleanly.
	lines := strings.Split(b.String(), "\n")
	for i, line := range lines {
		lines[i] = strings.TrimRight(line, " ")
	}
	_, err := io.WriteString(w, strings.Join(lines, "\n"))
	return err
}

// relativePath shows a path under the working folder relative to it (a
// scenario's eval: paths are absolute), any other as it is.
func relativePath(p string) string {
	if !filepath.IsAbs(p) {
		return p
	}
	cwd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(cwd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

// relevantWords are the aggregate's relevant documents: retrieved, sent
// (in part among them) and lost by stage.
func relevantWords(agg evalrun.Figures) string {
	inPart := ""
	if agg.RelevantInPart > 0 {
		inPart = fmt.Sprintf(" (%s in part)", numfmt.Thousands(agg.RelevantInPart))
	}
	return fmt.Sprintf("%s retrieved, %s sent%s, %s lost%s", numfmt.Thousands(agg.RelevantRetrieved), numfmt.Thousands(agg.RelevantSent),
		inPart, numfmt.Thousands(agg.RelevantLostTotal()), lostByStage(agg.RelevantLost))
}

// documentsWords are the aggregate's documents after those retrieved: in
// the blocks, sent after the assembler's cut, filtered, duplicates.
func documentsWords(agg evalrun.Figures) string {
	return fmt.Sprintf("%s in the blocks, %s sent, %s filtered, %s", numfmt.Thousands(agg.DocumentsInContext), numfmt.Thousands(agg.DocumentsSent),
		numfmt.Thousands(agg.Filtered), numfmt.Count(agg.DuplicatesRemoved, "duplicate removed", "duplicates removed"))
}

// lostByStage is ": 3 duplicate, 2 filtered" in pipeline order, or "".
func lostByStage(lost map[evalrun.Stage]int) string {
	var parts []string
	for _, stage := range evalrun.LostStages {
		if n := lost[stage]; n > 0 {
			parts = append(parts, numfmt.Thousands(n)+" "+string(stage))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return ": " + strings.Join(parts, ", ")
}

func writeEvalTable(b *strings.Builder, judged bool, queries []evalrun.QueryResult) {
	t := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	if judged {
		fmt.Fprintln(t, "Query\tRecall\tRelevant sent\tIn block\tSent\tDuplicates\tTokens\tRelevant lost")
	} else {
		fmt.Fprintln(t, "Query\tIn block\tSent\tDuplicates\tTokens")
	}
	for i := range queries {
		q := &queries[i]
		inBlock := fmt.Sprintf("%s of %s", numfmt.Thousands(len(q.Included)), numfmt.Thousands(q.Retrieved))
		if !judged {
			fmt.Fprintf(t, "%s\t%s\t%s\t%s\t%s\n", safetext.Line(q.QID), inBlock, numfmt.Thousands(q.Sent), numfmt.Thousands(q.DuplicatesRemoved), numfmt.Thousands(q.TokensUsed))
			continue
		}
		recall, relevant := "none", "no relevant retrieved"
		if q.HasRecall() {
			recall = fmt.Sprintf("%.2f", q.ContextRecall())
			relevant = fmt.Sprintf("%s of %s", numfmt.Thousands(q.RelevantSent), numfmt.Thousands(q.RelevantRetrieved))
		}
		fmt.Fprintf(t, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", safetext.Line(q.QID), recall, relevant, inBlock, numfmt.Thousands(q.Sent),
			numfmt.Thousands(q.DuplicatesRemoved), numfmt.Thousands(q.TokensUsed), lostDocuments(q.Lost))
	}
	_ = t.Flush()
}

// lostDocuments lists a query's lost relevant documents with the stage
// that removed each: "kb-x (duplicate), kb-y (over budget)".
func lostDocuments(lost map[evalrun.Stage][]string) string {
	var parts []string
	for _, stage := range evalrun.LostStages {
		for _, id := range lost[stage] {
			parts = append(parts, safetext.Line(id)+" ("+string(stage)+")")
		}
	}
	return strings.Join(parts, ", ")
}
