package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"ctxlab/core"
	"ctxlab/core/evalrun"
	"ctxlab/core/sweep"
	"ctxlab/internal/csvcell"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/evalinput"
)

// evalSweepName is how eval --sweep names a sweepable knob: budget for
// the retrieved-context budget, its --budget, else the knob's flag.
func evalSweepName(k *core.Knob) string {
	if k.ID == "rag" {
		return "budget"
	}
	return k.Flag
}

// evalSweepNames are the knobs eval --sweep takes, in the table's order.
func evalSweepNames() []string {
	var names []string
	for _, k := range sweep.Knobs() {
		names = append(names, evalSweepName(k))
	}
	return names
}

// evalSweepKnob is the knob `eval --sweep NAME` varies: a sweepable
// knob's flag, or "budget", eval's own name for the retrieved-context
// budget.
func evalSweepKnob(name string) (*core.Knob, error) {
	if knob, values, ok := strings.Cut(name, "="); knob == "budget" {
		// budget=... too, so the error says what a sweep takes.
		name = core.KnobByID("rag").Flag
		if ok {
			name += "=" + values
		}
	}
	k, err := sweep.KnobByFlag(name)
	if err != nil {
		return nil, fmt.Errorf("--sweep %w", err)
	}
	return k, nil
}

// writeEvalSweepText is a row per value: context recall, relevant lost,
// tokens, duplicates and documents in the blocks and sent after the
// assembler's cut, the current value marked,
// then the extremes against it in words.
func writeEvalSweepText(w io.Writer, files evalinput.Files, judged bool, sw *evalrun.AggregateSweep) error {
	k := sw.Knob
	cur := sw.Points[sw.CurrentIndex()]
	fmt.Fprintf(w, "Sweep of --%s over %s of %s, every query run once per value; other options as given.\n\n",
		k.Flag, numfmt.Count(cur.Figures.Queries, "query", "queries"), safetext.Line(relativePath(files.Run)))
	rows := [][]string{{"", k.Flag, "context recall", "relevant lost", "tokens used", "duplicates removed", "in the blocks", "sent"}}
	for i, p := range sw.Points {
		mark := ""
		if i == sw.CurrentIndex() {
			mark = ">"
		}
		recall := "—"
		if p.Figures.QueriesWithRelevant > 0 {
			recall = strconv.FormatFloat(p.Figures.ContextRecall, 'f', 2, 64)
		}
		rows = append(rows, []string{mark, sweepValue(k, p.Value), recall, numfmt.Thousands(p.Figures.RelevantLostTotal()),
			numfmt.Thousands(p.Figures.TokensUsed), numfmt.Thousands(p.Figures.DuplicatesRemoved), numfmt.Thousands(p.Figures.DocumentsInContext), numfmt.Thousands(p.Figures.DocumentsSent)})
	}
	writeAlignedRows(w, rows)
	fmt.Fprintf(w, "\n> marks the current value, %s.", sweepValue(k, sw.Current))
	if !judged {
		fmt.Fprint(w, " Context recall is not measured: no judgments given (--qrels).")
	}
	fmt.Fprintf(w, "\nAgainst the current value:\n")
	for _, i := range []int{0, len(sw.Points) - 1} {
		if i == sw.CurrentIndex() {
			continue
		}
		p := sw.Points[i]
		change := evalrun.FiguresChange{Baseline: cur.Figures, Now: p.Figures}
		fmt.Fprintf(w, "  %s\n", change.Words("at "+sweepValue(k, p.Value)))
	}
	return nil
}

func writeEvalSweepCSV(w io.Writer, sw *evalrun.AggregateSweep) error {
	cw := csvcell.NewWriter(w)
	_ = cw.Write([]string{sw.Knob.Flag, "context_recall", "relevant_retrieved", "relevant_sent", "relevant_lost",
		"tokens_used", "duplicates_removed", "documents_in_block", "documents_sent", "truncated", "over_budget", "current"})
	cur := sw.CurrentIndex()
	for i, p := range sw.Points {
		f := p.Figures
		recall := ""
		if f.QueriesWithRelevant > 0 {
			recall = strconv.FormatFloat(f.ContextRecall, 'f', -1, 64)
		}
		_ = cw.Write([]string{strconv.FormatFloat(p.Value, 'f', -1, 64), recall, strconv.Itoa(f.RelevantRetrieved), strconv.Itoa(f.RelevantSent),
			strconv.Itoa(f.RelevantLostTotal()), strconv.Itoa(f.TokensUsed), strconv.Itoa(f.DuplicatesRemoved), strconv.Itoa(f.DocumentsInContext),
			strconv.Itoa(f.DocumentsSent), strconv.Itoa(f.Truncated), strconv.Itoa(f.OverBudget), strconv.FormatBool(i == cur)})
	}
	cw.Flush()
	return cw.Error()
}

// evalSweepPointJSON is one value of `eval --sweep --format json`: the
// aggregate's figures under their `eval --format json` names.
type evalSweepPointJSON struct {
	Value             float64        `json:"value"`
	ContextRecall     *float64       `json:"context_recall"`
	RelevantRetrieved int            `json:"relevant_retrieved"`
	RelevantSent      int            `json:"relevant_sent"`
	RelevantLost      map[string]int `json:"relevant_lost"`
	TokensUsed        int            `json:"tokens_used"`
	DuplicatesRemoved int            `json:"duplicates_removed"`
	DocumentsInBlock  int            `json:"documents_in_block"`
	DocumentsSent     int            `json:"documents_sent"`
	Truncated         int            `json:"truncated"`
	OverBudget        int            `json:"over_budget"`
}

func writeEvalSweepJSON(w io.Writer, sw *evalrun.AggregateSweep) error {
	points := make([]evalSweepPointJSON, len(sw.Points))
	for i, p := range sw.Points {
		f := p.Figures
		out := evalSweepPointJSON{Value: p.Value, RelevantRetrieved: f.RelevantRetrieved, RelevantSent: f.RelevantSent,
			RelevantLost: map[string]int{}, TokensUsed: f.TokensUsed, DuplicatesRemoved: f.DuplicatesRemoved,
			DocumentsInBlock: f.DocumentsInContext, DocumentsSent: f.DocumentsSent, Truncated: f.Truncated, OverBudget: f.OverBudget}
		if f.QueriesWithRelevant > 0 {
			recall := f.ContextRecall
			out.ContextRecall = &recall
		}
		for _, stage := range evalrun.LostStages {
			out.RelevantLost[stage.Key()] = f.RelevantLost[stage]
		}
		points[i] = out
	}
	queries := 0
	if len(sw.Points) > 0 {
		queries = sw.Points[0].Figures.Queries
	}
	data, err := json.MarshalIndent(struct {
		Knob    string               `json:"knob"`
		Current float64              `json:"current"`
		Queries int                  `json:"queries"`
		Points  []evalSweepPointJSON `json:"points"`
	}{sw.Knob.Flag, sw.Current, queries, points}, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}
