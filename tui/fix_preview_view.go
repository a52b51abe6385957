package tui

import (
	"fmt"
	"strings"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
)

// renderFixPreview draws the fix previewed as a diff of the request: its
// description, the total against the max input and whether it fits, each
// component whose tokens move, the documents that change fate, and the
// flags that apply it headless, the findings that go away and appear,
// and the documents that change fate. It fills the main area, w×h cells.
func renderFixPreview(st *themes.Styles, p fixPane, w, h int) string {
	fix := p.fixes[p.index]
	pv := fix.Preview
	width := max(10, w-4)
	var lines []string
	// wrapped is prose, wrapped under itself; the table lines below keep
	// their alignment and are cut at the width instead.
	wrapped := func(text string, style func(...string) string) {
		for i, line := range hangingWrap(text, width, 2) {
			if i > 0 {
				line = "  " + line
			}
			lines = append(lines, " "+style(line))
		}
	}
	row := func(text string) { lines = append(lines, " "+st.Text.Render(truncateText(text, width))) }
	wrapped(safetext.Line(fix.Description), st.Text.Render)
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
	wrapped("headless: "+safetext.Line(strings.Join(fix.Flags, " ")), st.Muted.Render)
	for _, c := range pv.Components {
		if c.UsedBefore == c.UsedAfter && c.AllocatedBefore == c.AllocatedAfter {
			continue
		}
		name := c.Name
		if label, ok := componentLabels[c.Name]; ok {
			name = label // as the budget grid above names it
		}
		line := fmt.Sprintf("  %-13s %s → %s tokens (%s)", name, numfmt.Thousands(c.UsedBefore), numfmt.Thousands(c.UsedAfter), signedTokens(c.UsedAfter-c.UsedBefore))
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
			gone[i] = core.FindingAbout(f)
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
		row(numfmt.Count(n, "document changes", "documents change") + " fate as sent, the ones brought in first:")
		// As many as the box holds, the last line saying how many more.
		room := max(1, h-2-len(lines))
		shown := min(n, room)
		if shown < n {
			shown = max(0, room-1)
		}
		for _, d := range pv.Documents[:shown] {
			row(fmt.Sprintf("  #%d %s: %s", d.Index+1, safetext.Line(d.Source), d.Transition()))
		}
		if more := n - shown; more > 0 {
			row(fmt.Sprintf("  and %s more", numfmt.Thousands(more)))
		}
	}
	title := fmt.Sprintf("Fix %d of %d · enter applies · f next · esc closes · u undoes an applied fix", p.index+1, len(p.fixes))
	return box(st, title, strings.Join(lines, "\n"), w, h, true)
}

// signedTokens writes a change with its sign: +1,234 or −567.
func signedTokens(n int) string {
	if n < 0 {
		return "−" + numfmt.Thousands(-n)
	}
	return "+" + numfmt.Thousands(n)
}
