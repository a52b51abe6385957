package fixes

import (
	"fmt"
	"strings"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/fix"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// View draws the fix previewed inside a box of w×h cells, the main area:
// its lines from the preview's scroll offset, the last line saying how
// many more there are when they do not all fit. The workbench draws the
// box around it, titled Title.
func (p Pane) View(st *themes.Styles, w, h int) string {
	lines := previewLines(st, p, w)
	rows := max(1, h-2)
	offset := min(p.offset, maxOffset(len(lines), h))
	end := min(len(lines), offset+rows)
	shown := lines[offset:end]
	if end < len(lines) {
		shown = append(shown[:len(shown)-1:len(shown)-1], " "+st.Muted.Render(draw.Truncate(
			fmt.Sprintf("↓ %s below (↓/pgdn scrolls)", numfmt.Count(len(lines)-end+1, "line", "lines")), max(1, w-4))))
	}
	return strings.Join(shown, "\n")
}

// maxOffset is the furthest the preview scrolls: its last line at the
// bottom of the box.
func maxOffset(lines, h int) int {
	return max(0, lines-max(1, h-2))
}

// Title is the preview's title in a box w cells wide: its keys in full
// where they fit, the essential ones on a narrow screen.
func (p Pane) Title(w int) string {
	head := fmt.Sprintf("Fix %d of %d", p.index+1, len(p.fixes))
	return draw.Fitting(max(1, w-6),
		head+" · enter applies · f next · ↑/↓ scroll · esc closes · u undoes an applied fix",
		head+" · enter applies · f next · ↑/↓ scroll · esc closes",
		head+" · enter applies · f next · esc")
}

// previewLines are the fix previewed as a diff of the request: its
// description, the total against the max input and whether it fits, each
// component whose tokens move, the flags that apply it headless, the
// findings that go away and appear, and every document that changes fate.
func previewLines(st *themes.Styles, p Pane, w int) []string {
	chosen := p.fixes[p.index]
	pv := chosen.Preview
	width := max(10, w-4)
	var lines []string
	// wrapped is prose, wrapped under itself; the table lines below keep
	// their alignment and are cut at the width instead.
	wrapped := func(text string, style func(...string) string) {
		for i, line := range draw.HangingWrap(text, width, 2) {
			if i > 0 {
				line = "  " + line
			}
			lines = append(lines, " "+style(line))
		}
	}
	row := func(text string) { lines = append(lines, " "+st.Text.Render(draw.Truncate(text, width))) }
	// The description first and whole, wrapped: it says what the fix
	// does and why, which the figures after it measure.
	wrapped(safetext.Line(chosen.Description), st.Text.Render)
	verdict, verdictStyle := "still over", st.Warn.Render
	switch {
	case pv.Fits && !pv.FitsBefore:
		verdict, verdictStyle = "fits", st.Bold.Render
	case pv.Fits:
		verdict, verdictStyle = "still fits", st.Bold.Render
	case pv.FitsBefore:
		verdict = "no longer fits"
	}
	lines = append(lines, " "+st.Text.Render(fmt.Sprintf("request %s → %s tokens of %s max input · ",
		numfmt.Thousands(pv.UsedBefore), numfmt.Thousands(pv.UsedAfter), numfmt.Thousands(pv.MaxInputAfter)))+verdictStyle(verdict))
	wrapped("lost: "+safetext.Line(pv.Loss.Words()), st.Text.Render)
	wrapped("headless: "+safetext.Line(strings.Join(chosen.Flags, " ")), st.Muted.Render)
	for _, c := range pv.Components {
		if c.UsedBefore == c.UsedAfter && c.AllocatedBefore == c.AllocatedAfter {
			continue
		}
		line := fmt.Sprintf("  %-20s %s → %s tokens (%s)", window.ComponentWords(c.Name), numfmt.Thousands(c.UsedBefore), numfmt.Thousands(c.UsedAfter), signedTokens(c.UsedAfter-c.UsedBefore))
		if c.AllocatedBefore != c.AllocatedAfter {
			line += fmt.Sprintf(", allocation %s → %s", numfmt.Thousands(c.AllocatedBefore), numfmt.Thousands(c.AllocatedAfter))
		}
		row(line)
	}
	// What the findings say after it, before the documents, whose list
	// takes the room left: the new warnings in full, as they are what
	// the fix costs besides tokens; those gone by their rows, as the
	// reader has just read them.
	if len(pv.FindingsGone) > 0 {
		gone := make([]string, len(pv.FindingsGone))
		for i, f := range pv.FindingsGone {
			gone[i] = fix.FindingAbout(f)
		}
		wrapped(safetext.Line(numfmt.Count(len(gone), "finding goes", "findings go")+" away: "+strings.Join(gone, "; ")), st.Text.Render)
	}
	for _, f := range pv.FindingsAppeared {
		style := st.Warn.Render
		if f.Severity == diagnose.SeverityInfo {
			style = st.Text.Render
		}
		wrapped(safetext.Line("new "+string(f.Severity)+": "+f.Message), style)
	}
	if n := len(pv.Documents); n > 0 {
		wrapped(core.DocumentChangesHeading(pv.Documents)+"; the ones brought in first:", st.Text.Render)
		for _, d := range pv.Documents {
			row(fmt.Sprintf("  #%d %s: %s", d.Index+1, draw.Source(d.Source), d.Transition()))
		}
	}
	return lines
}

// signedTokens writes a change with its sign: +1,234 or −567.
func signedTokens(n int) string {
	if n < 0 {
		return "−" + numfmt.Thousands(-n)
	}
	return "+" + numfmt.Thousands(n)
}
