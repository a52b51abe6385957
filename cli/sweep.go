package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/core/sweep"
	"ctxlab/internal/csvcell"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/internal/sparkline"
)

var sweepUsage = `
ctxlab sweep runs the reference ContextManager pipeline once per value of
one knob, every other option as given, and reports for each value the
documents kept after deduplication, the duplicates removed, the documents
sent, the context block's tokens and the sum of the sent documents' scores.

` + sweepKnobLines("--knob ", func(k *core.Knob) string { return k.Flag }) + `
The current value (the flag's own, or its default) always has a row; one
past the documents (top-k) or the tokens they take (the budget) is
clamped to them, with a note, as every larger value gives the same
result.

Usage:
  ctxlab sweep --knob NAME --docs FILE | --scenario FILE [--budget N] [pipeline options as in build]
               [--format text|csv|json]
`

type sweepFlags struct {
	buildFlags
	knob string
}

func runSweep(env Env, args []string) error {
	var f sweepFlags
	fs := newFlagSet(env, "sweep", sweepUsage)
	f.registerPipelineInput(fs)
	fs.StringVar(&f.knob, "knob", "dedup-threshold", "the knob to sweep: "+sweepableFlags())
	fs.StringVar(&f.format, "format", "text", "output: text, csv or json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if f.format != "text" && f.format != "csv" && f.format != "json" {
		return fmt.Errorf("--format %s: expected text, csv or json", quoted(f.format))
	}
	k, err := sweep.KnobByFlag(f.knob)
	if err != nil {
		return fmt.Errorf("--knob %w", err)
	}
	_, opts, set, err := f.loadPipelineInput(env, fs, "sweep")
	if err != nil {
		return err
	}
	sw, err := sweep.Options(pipeline.Analyze(set.Docs), opts, k)
	if err != nil {
		return flagError(err)
	}
	if sw.Note != "" {
		fmt.Fprintln(env.Stderr, "ctxlab: note: "+sw.Note)
	}
	switch f.format {
	case "json":
		return writeSweepJSON(env.Stdout, sw, len(set.Docs), opts.Budget)
	case "csv":
		return writeSweepCSV(env.Stdout, sw)
	}
	return writeSweepText(env.Stdout, sw, f.inputName(), len(set.Docs), opts.Budget)
}

// sweepKnobLines are the sweepable knobs, one a paragraph, as option
// names them, each with its values in words from the knob table.
func sweepKnobLines(option string, name func(k *core.Knob) string) string {
	var b strings.Builder
	for _, k := range sweep.Knobs() {
		head := "  " + option + name(k)
		const indent, width = 28, 76
		line := head + strings.Repeat(" ", max(1, indent-len(head)))
		for _, word := range strings.Fields(k.Sweep.Describe) {
			if len(line)+1+len(word) > width && len(strings.TrimSpace(line)) > len(strings.TrimSpace(head)) {
				b.WriteString(strings.TrimRight(line, " ") + "\n")
				line = strings.Repeat(" ", indent)
			} else if !strings.HasSuffix(line, " ") {
				line += " "
			}
			line += word
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

func sweepableFlags() string {
	var names []string
	for _, k := range sweep.Knobs() {
		names = append(names, k.Flag)
	}
	return strings.Join(names, ", ")
}

// sweepValue spells a swept value as its knob shows it: a threshold with
// two decimals, a token count with thousands separators.
func sweepValue(k *core.Knob, v float64) string {
	if k.Kind == core.KnobFloat {
		return strconv.FormatFloat(v, 'f', max(2, k.Decimals), 64)
	}
	if v >= math.MaxInt64 {
		// An int within 512 of the largest is that float (2^63), which
		// would overflow converted back: it is the largest int, as near
		// as a float says.
		return numfmt.Thousands(math.MaxInt64)
	}
	return numfmt.Thousands(int(math.Round(v)))
}

func writeSweepText(w io.Writer, sw *sweep.Sweep, docsPath string, docs, budget int) error {
	k := sw.Knob
	fmt.Fprintf(w, "Sweep of --%s over %s from %s, budget %s tokens; other options as given.\n\n",
		k.Flag, numfmt.Count(docs, "document", "documents"), safetext.Line(displayPath(docsPath)), numfmt.Thousands(budget))
	rows := [][]string{{"", k.Flag, "kept", "duplicates removed", "in block", "tokens used", "score sum"}}
	cur := sw.CurrentIndex()
	for i, p := range sw.Points {
		mark := ""
		if i == cur {
			mark = ">"
		}
		rows = append(rows, []string{mark, sweepValue(k, p.Value), numfmt.Thousands(p.Kept), numfmt.Thousands(p.Duplicates),
			numfmt.Thousands(p.Sent), numfmt.Thousands(p.TokensUsed), strconv.FormatFloat(p.ScoreSent, 'f', 2, 64)})
	}
	writeAlignedRows(w, rows)
	fmt.Fprintf(w, "\n> marks the current value, %s.\n", sweepValue(k, sw.Current))
	fmt.Fprintf(w, "\nFrom %s to %s (the caret marks the current value):\n", sweepValue(k, sw.Points[0].Value), sweepValue(k, sw.Points[len(sw.Points)-1].Value))
	for _, s := range sw.Series() {
		fmt.Fprintf(w, "  %-19s %s\n", s.Name, string(sparkline.Bars(s.Values)))
	}
	_, err := fmt.Fprintf(w, "  %-19s %s^\n", "", strings.Repeat(" ", cur))
	return err
}

// writeAlignedRows left-aligns the first two columns and right-aligns the
// numbers, two spaces apart.
func writeAlignedRows(w io.Writer, rows [][]string) {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for c, cell := range r {
			widths[c] = max(widths[c], len([]rune(cell)))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for c, cell := range r {
			pad := strings.Repeat(" ", widths[c]-len([]rune(cell)))
			if c < 2 {
				b.WriteString(cell + pad)
			} else {
				b.WriteString(pad + cell)
			}
			if c < len(r)-1 {
				b.WriteString("  ")
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

func writeSweepCSV(w io.Writer, sw *sweep.Sweep) error {
	cw := csvcell.NewWriter(w)
	_ = cw.Write([]string{sw.Knob.Flag, "documents_kept", "duplicates_removed", "documents_sent", "tokens_used", "score_sent", "current"})
	cur := sw.CurrentIndex()
	for i, p := range sw.Points {
		_ = cw.Write([]string{strconv.FormatFloat(p.Value, 'f', -1, 64), strconv.Itoa(p.Kept), strconv.Itoa(p.Duplicates),
			strconv.Itoa(p.Sent), strconv.Itoa(p.TokensUsed), strconv.FormatFloat(p.ScoreSent, 'f', -1, 64), strconv.FormatBool(i == cur)})
	}
	cw.Flush()
	return cw.Error()
}

func writeSweepJSON(w io.Writer, sw *sweep.Sweep, docs, budget int) error {
	out := struct {
		Knob      string                `json:"knob"`
		Current   float64               `json:"current"`
		Documents int                   `json:"documents"`
		Budget    int                   `json:"budget"`
		Points    []pipeline.SweepPoint `json:"points"`
	}{sw.Knob.Flag, sw.Current, docs, budget, sw.Points}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}
