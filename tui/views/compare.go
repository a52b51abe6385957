package views

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// compareAround is how many unchanged lines of the request's text the
// view keeps around each change.
const compareAround = 2

// sideBySideWidth is the narrowest pane that shows the text in two
// columns; below it the diff is unified.
const sideBySideWidth = 120

// Compare is the Compare view: the request on screen against the
// pinned baseline, what changed most telling first: the knobs turned,
// the request's size, the documents whose fate or place changed, the
// components, the findings, then the text with its changes marked.
func Compare(st *themes.Styles, c *core.Comparison, costs [2]core.RequestCost, width int) string {
	var b strings.Builder
	if c == nil {
		WriteTitled(&b, st, "No baseline pinned.", "Press p to pin the settings on screen as the baseline, then turn any control: this view shows what changed against it, document by document, component by component and line by line. P clears the baseline.", width)
		return b.String()
	}
	WriteTitled(&b, st, "Compared with the baseline", "· "+numfmt.Count(len(c.Settings), "setting turned", "settings turned")+" · P clears it, p pins what is on screen", width)
	for _, s := range c.Settings {
		b.WriteString("  ")
		draw.WriteContinued(&b, st.Text, fmt.Sprintf("%s: %s → %s", s.Knob.Label, safetext.Line(s.Knob.ShowValue(s.Before)), safetext.Line(s.Knob.ShowValue(s.After))), width, 2)
	}
	if c.Same() {
		draw.WriteWrapped(&b, st.Muted, "The request is the same as the baseline: every document, component, finding and line of text.", width)
		return b.String()
	}
	draw.WriteHanging(&b, st.Bold, requestChangeWords(c), width, 2)
	draw.WriteHanging(&b, st.Text, "Cost "+safetext.Line(core.CostChangeWords(costs[0], costs[1])), width, 2)
	b.WriteByte('\n')
	writeCompareDocuments(&b, st, c.Documents, width)
	writeCompareComponents(&b, st, c.Components, width)
	writeCompareFindings(&b, st, "appeared", c.FindingsAppeared, width)
	writeCompareFindings(&b, st, "went away", c.FindingsGone, width)
	writeCompareText(&b, st, c.Text, width)
	return b.String()
}

// requestChangeWords is the request's size and fit, before and after.
func requestChangeWords(c *core.Comparison) string {
	saved := c.TokensSaved()
	delta := "same size"
	switch {
	case saved > 0:
		delta = numfmt.Count(saved, "token", "tokens") + " fewer"
	case saved < 0:
		delta = numfmt.Count(-saved, "token", "tokens") + " more"
	}
	fit := "still fits"
	switch {
	case c.Fits && !c.FitsBefore:
		fit = "now fits"
	case !c.Fits && c.FitsBefore:
		fit = "no longer fits"
	case !c.Fits:
		fit = "still over"
	}
	return fmt.Sprintf("Request %s → %s tokens (%s) · utilization %.1f%% → %.1f%% · %s",
		numfmt.Thousands(c.UsedBefore), numfmt.Thousands(c.UsedAfter), delta, c.UtilizationBefore*100, c.UtilizationAfter*100, fit)
}

// ChangeLook is a document change's glyph and word, readable without
// colour, and its colour, as the Compare view and the list's notes word
// it: "+ in", "− out", "✂ cut", "+ restored", "≠ stage" (not sent either
// way, left out by another stage), "↕ moved".
func ChangeLook(st *themes.Styles, kind core.DocumentChangeKind) (string, lipgloss.Style) {
	switch kind {
	case core.ChangeIn:
		return "+ in", st.Included
	case core.ChangeOut:
		return "− out", st.Excluded
	case core.ChangeCut:
		return "✂ cut", st.Partial
	case core.ChangeRestored:
		return "+ restored", st.Included
	case core.ChangeStage:
		return "≠ stage", st.Muted
	}
	return "↕ moved", st.Changed
}

// changeLook is ChangeLook padded to the Compare view's column.
func changeLook(st *themes.Styles, kind core.DocumentChangeKind) (string, lipgloss.Style) {
	glyph, style := ChangeLook(st, kind)
	return fmt.Sprintf("%-10s", glyph), style
}

func writeCompareDocuments(b *strings.Builder, st *themes.Styles, docs []core.DocumentChange, width int) {
	WriteTitled(b, st, "Documents whose fate or place changed", "("+numfmt.Thousands(len(docs))+")", width)
	if len(docs) == 0 {
		draw.WriteWrapped(b, st.Muted, "  none", width)
	}
	place := func(n int) string {
		if n == 0 {
			return "absent"
		}
		return "source " + numfmt.Thousands(n)
	}
	for _, d := range docs {
		glyph, style := changeLook(st, d.Kind())
		what := fmt.Sprintf("%s → %s, %s → %s", d.Before, d.After, place(d.PlaceBefore), place(d.PlaceAfter))
		switch d.Kind() {
		case core.ChangeMoved:
			what = fmt.Sprintf("%s → %s", place(d.PlaceBefore), place(d.PlaceAfter))
		case core.ChangeStage:
			what = fmt.Sprintf("not sent either way, the pipeline: %s → %s", d.StageBefore, d.StageAfter)
		}
		line := fmt.Sprintf("#%d %s · %s", d.Index+1, draw.Source(d.Source), what)
		b.WriteString("  " + style.Render(glyph) + " ")
		draw.WriteContinued(b, st.Text, line, width, 2+lipgloss.Width(glyph)+1)
	}
	b.WriteByte('\n')
}

func writeCompareComponents(b *strings.Builder, st *themes.Styles, components []core.ComponentDelta, width int) {
	WriteTitled(b, st, "Tokens by component", "(baseline → now)", width)
	changed := 0
	for _, d := range components {
		if d.UsedBefore == d.UsedAfter && d.AllocatedBefore == d.AllocatedAfter {
			continue
		}
		changed++
		line := fmt.Sprintf("%s %s → %s (%s)", window.ComponentWords(d.Name), numfmt.Thousands(d.UsedBefore), numfmt.Thousands(d.UsedAfter), signedCount(d.UsedAfter-d.UsedBefore))
		if d.AllocatedBefore != d.AllocatedAfter {
			line += fmt.Sprintf(", allocation %s → %s", numfmt.Thousands(d.AllocatedBefore), numfmt.Thousands(d.AllocatedAfter))
		}
		b.WriteString("  ")
		draw.WriteContinued(b, st.Text, line, width, 2)
	}
	if changed == 0 {
		draw.WriteWrapped(b, st.Muted, "  no component changed", width)
	}
	b.WriteByte('\n')
}

// signedCount writes a change with its sign: +1,234 or −567.
func signedCount(n int) string {
	if n < 0 {
		return "−" + numfmt.Thousands(-n)
	}
	return "+" + numfmt.Thousands(n)
}

func writeCompareFindings(b *strings.Builder, st *themes.Styles, what string, findings []diagnose.Finding, width int) {
	WriteTitled(b, st, "Findings that "+what, "("+numfmt.Thousands(len(findings))+")", width)
	for _, f := range findings {
		glyph, word, style := SeverityLook(st, f.Severity)
		head := glyph + " " + word + " "
		b.WriteString("  " + style.Render(head))
		draw.WriteContinued(b, st.Text, safetext.Line(f.Message), width, 2+lipgloss.Width(head))
	}
	b.WriteByte('\n')
}

// writeCompareText is the request's text with the changes marked and a
// few lines around each: side by side when the pane is wide enough,
// unified otherwise. Each line is cut to its column rather than wrapped,
// so the two sides stay aligned.
func writeCompareText(b *strings.Builder, st *themes.Styles, text []core.TextLine, width int) {
	removed, added := core.TextChangeCounts(text)
	WriteTitled(b, st, "Request text", fmt.Sprintf("· %s removed, %s added · − baseline only, + now only",
		numfmt.Count(removed, "line", "lines"), numfmt.Count(added, "line", "lines")), width)
	shown := core.LinesAroundChanges(text, compareAround)
	if width >= sideBySideWidth {
		writeSideBySide(b, st, text, shown, width)
		return
	}
	gap := false
	for i, l := range text {
		if !shown[i] {
			gap = true
			continue
		}
		if gap {
			b.WriteString(st.Muted.Render("  ⋯") + "\n")
			gap = false
		}
		b.WriteString(diffLine(st, l.Op, l.Text, width) + "\n")
	}
}

// diffLine is one line of a diff: its mark, then the text cut to width.
func diffLine(st *themes.Styles, op core.TextOp, text string, width int) string {
	line := draw.Truncate(string(diffMark(op))+" "+safetext.Line(text), width)
	switch op {
	case core.TextRemoved:
		return st.Excluded.Render(line)
	case core.TextAdded:
		return st.Included.Render(line)
	}
	return st.Muted.Render(line)
}

// diffMark is the mark a reader knows from diff, with a true minus.
func diffMark(op core.TextOp) rune {
	switch op {
	case core.TextRemoved:
		return '−'
	case core.TextAdded:
		return '+'
	}
	return ' '
}

// writeSideBySide puts the baseline's lines on the left and the current
// ones on the right; within a change, removed and added lines face each
// other in order.
func writeSideBySide(b *strings.Builder, st *themes.Styles, text []core.TextLine, shown []bool, width int) {
	column := (width - 3) / 2
	row := func(left, right string) {
		b.WriteString(draw.PadRight(left, column) + st.Muted.Render(" │ ") + right + "\n")
	}
	row(st.Bold.Render("baseline"), st.Bold.Render("now"))
	gap := false
	for i := 0; i < len(text); {
		if !shown[i] {
			gap = true
			i++
			continue
		}
		if gap {
			row(st.Muted.Render("⋯"), st.Muted.Render("⋯"))
			gap = false
		}
		if text[i].Op == core.TextSame {
			same := diffLine(st, core.TextSame, text[i].Text, column)
			row(same, same)
			i++
			continue
		}
		var left, right []string
		for ; i < len(text) && text[i].Op != core.TextSame; i++ {
			if text[i].Op == core.TextRemoved {
				left = append(left, diffLine(st, core.TextRemoved, text[i].Text, column))
			} else {
				right = append(right, diffLine(st, core.TextAdded, text[i].Text, column))
			}
		}
		for k := range max(len(left), len(right)) {
			var l, r string
			if k < len(left) {
				l = left[k]
			}
			if k < len(right) {
				r = right[k]
			}
			row(l, r)
		}
	}
}
