package cli

import (
	"fmt"
	"io"
	"unicode/utf8"

	rpt "ctxlab/cli/report"
	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// diffContextLines is how many unchanged lines the text diff keeps
// around each change without --full.
const diffContextLines = 2

// diffLineWidth shortens a long line of the text diff without --full.
const diffLineWidth = 160

// writeDiffReport is ctxlab diff's text report: what changed, most
// telling first.
func writeDiffReport(w io.Writer, baseline, current diffSide, input string, c core.Comparison, costs diffCosts, full bool) error {
	fmt.Fprintf(w, "Baseline: %s, compared with %s\n", safetext.Line(baseline.label), safetext.Line(current.label))
	if input != "" {
		fmt.Fprintf(w, "Input: %s\n", safetext.Line(input))
	}
	if c.Same() {
		fmt.Fprintln(w, "\nThe two requests are the same: every document, component, finding and line of text.")
		return nil
	}
	fmt.Fprintln(w)
	writeDiffSettings(w, c.Settings)
	writeDiffInputs(w, diffInputs(baseline, current))
	writeDiffDocuments(w, c.Documents)
	fmt.Fprintf(w, "Request: %s → %s tokens of %s max input (%s) · %s\n",
		numfmt.Thousands(c.UsedBefore), numfmt.Thousands(c.UsedAfter), maxInputText(c.MaxInputAfter), savedLabel(c.TokensSaved()), fitsLabel(c.Preview))
	fmt.Fprintf(w, "Utilization: %s → %s\n", pct(c.UtilizationBefore), pct(c.UtilizationAfter))
	fmt.Fprintf(w, "Cost: %s\n\n", safetext.Line(core.CostChangeWords(costs.before, costs.after)))
	writeDiffComponents(w, c.Components)
	writeDiffFindings(w, "appeared", c.FindingsAppeared)
	writeDiffFindings(w, "went away", c.FindingsGone)
	writeDiffText(w, c.Text, full)
	return nil
}

// writeDiffSettings lists the knobs turned, by their flags.
func writeDiffSettings(w io.Writer, changes []core.SettingChange) {
	fmt.Fprintf(w, "Settings that differ (%s)\n", numfmt.Thousands(len(changes)))
	for _, ch := range changes {
		fmt.Fprintf(w, "  %s (--%s): %s → %s\n", ch.Knob.Label, ch.Knob.Flag, safetext.Line(ch.Knob.ShowValue(ch.Before)), safetext.Line(ch.Knob.ShowValue(ch.After)))
	}
	fmt.Fprintln(w)
}

// writeDiffInputs lists the inputs the two scenarios hold differently;
// nothing when they share one input.
func writeDiffInputs(w io.Writer, inputs []rpt.InputChange) {
	if len(inputs) == 0 {
		return
	}
	fmt.Fprintf(w, "Inputs that differ (%s)\n", numfmt.Thousands(len(inputs)))
	for _, in := range inputs {
		fmt.Fprintf(w, "  %s: %s\n", in.What, in.Words)
	}
	fmt.Fprintln(w)
}

// writeDiffDocuments lists the documents whose fate or place changed.
func writeDiffDocuments(w io.Writer, docs []core.DocumentChange) {
	fmt.Fprintf(w, "Documents whose fate or place changed (%s)\n", numfmt.Thousands(len(docs)))
	if len(docs) == 0 {
		fmt.Fprintln(w, "  none")
	}
	// Two decimals, as every report prints a score, or the few more that
	// tell the listed scores apart.
	scores := make([]float64, len(docs))
	for i, d := range docs {
		scores[i] = d.Score
	}
	digits := numfmt.Decimals(scores, 2, 5)
	for _, d := range docs {
		fmt.Fprintf(w, "  %-8s #%d %s (score %s): %s\n", d.Kind(), d.Index+1, safetext.Line(d.Source),
			numfmt.Score(d.Score, digits), documentChangeWords(d))
	}
	fmt.Fprintln(w)
}

// documentChangeWords says what happened to a document in words.
func documentChangeWords(d core.DocumentChange) string {
	place := func(n int) string {
		if n == 0 {
			return "absent"
		}
		return fmt.Sprintf("source %d", n)
	}
	switch d.Kind() {
	case core.ChangeMoved:
		return fmt.Sprintf("%s, %s → %s", d.After, place(d.PlaceBefore), place(d.PlaceAfter))
	case core.ChangeStage:
		return fmt.Sprintf("not sent either way, the pipeline: %s → %s", d.StageBefore, d.StageAfter)
	}
	return fmt.Sprintf("%s → %s (%s → %s)", d.Before, d.After, place(d.PlaceBefore), place(d.PlaceAfter))
}

// writeDiffComponents lists every component whose allocation or tokens
// changed, and the request's total.
func writeDiffComponents(w io.Writer, components []core.ComponentDelta) {
	fmt.Fprintln(w, "Tokens by component (baseline → current)")
	changed := 0
	for _, d := range components {
		if d.UsedBefore == d.UsedAfter && d.AllocatedBefore == d.AllocatedAfter {
			continue
		}
		changed++
		line := fmt.Sprintf("  %-20s %s → %s (%s)", window.ComponentWords(d.Name),
			numfmt.Thousands(d.UsedBefore), numfmt.Thousands(d.UsedAfter), signed(d.UsedAfter-d.UsedBefore))
		if d.AllocatedBefore != d.AllocatedAfter {
			line += fmt.Sprintf(", allocation %s → %s", numfmt.Thousands(d.AllocatedBefore), numfmt.Thousands(d.AllocatedAfter))
		}
		fmt.Fprintln(w, line)
	}
	if changed == 0 {
		fmt.Fprintln(w, "  no component changed")
	}
	fmt.Fprintln(w)
}

func writeDiffFindings(w io.Writer, what string, findings []diagnose.Finding) {
	fmt.Fprintf(w, "Findings that %s (%s)\n", what, numfmt.Thousands(len(findings)))
	for _, f := range findings {
		fmt.Fprintf(w, "  %s %s: %s\n", severityMark[f.Severity], f.Code, safetext.Line(f.Message))
	}
	fmt.Fprintln(w)
}

// writeDiffText prints the request's text as a unified diff: without
// full, only the changed lines and a few around each change, long lines
// shortened.
func writeDiffText(w io.Writer, text []core.TextLine, full bool) {
	removed, added := core.TextChangeCounts(text)
	fmt.Fprintf(w, "Request text (%s removed, %s added; - baseline only, + current only)\n",
		numfmt.Count(removed, "line", "lines"), numfmt.Count(added, "line", "lines"))
	shown := core.LinesAroundChanges(text, diffContextLines)
	lineBefore, lineAfter := 1, 1
	gap := false
	for i, l := range text {
		if full || shown[i] {
			if gap {
				fmt.Fprintf(w, "  @@ line %s of the baseline, %s of the current request\n", numfmt.Thousands(lineBefore), numfmt.Thousands(lineAfter))
			}
			gap = false
			line := safetext.Line(l.Text)
			if !full {
				line = shortenLine(line, diffLineWidth)
			}
			fmt.Fprintf(w, "  %c %s\n", l.Op, line)
		} else {
			gap = true
		}
		if l.Op != core.TextAdded {
			lineBefore++
		}
		if l.Op != core.TextRemoved {
			lineAfter++
		}
	}
}

// shortenLine cuts a line to width runes, saying how much it left out.
// Only the kept characters are read as such: a 50 MB query made runes
// took four bytes a character.
func shortenLine(s string, width int) string {
	count := utf8.RuneCountInString(s)
	if count <= width {
		return s
	}
	if !utf8.ValidString(s) {
		s = string([]rune(s)) // each invalid byte one U+FFFD, as the runes always read it
	}
	return s[:runesEnd(s, width)] + fmt.Sprintf(" … (%s more characters)", numfmt.Thousands(count-width))
}
