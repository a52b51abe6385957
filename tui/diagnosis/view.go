package diagnosis

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/fix"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
	"ctxlab/tui/views"
)

// Span is where a finding's lines are in the view's text, from 0, so the
// cursor can be scrolled into sight and a click chooses the finding.
type Span struct{ First, Last int }

// findingIndent is where a finding's text starts: after the cursor mark
// and the severity glyph.
const findingIndent = 4

// Content renders the Diagnosis view: every finding worst first,
// one sentence each, wrapped under itself, and the rows it is about; the
// chosen finding is marked and its chosen row highlighted. It returns the
// text and each finding's lines.
func Content(st *themes.Styles, ev *core.Evaluation, p Pane, width int) (string, []Span) {
	if ev == nil {
		return st.Muted.Render("computing…"), nil
	}
	findings := ev.Findings
	if len(findings) == 0 {
		return st.Included.Render("✓ No findings: nothing was cut, lost, conflicting or estimated."), nil
	}
	p = p.clamped(findings)
	var lines []string
	intro := numfmt.Plural(len(findings), "1 finding", numfmt.Thousands(len(findings))+" findings") +
		", worst first. ↑/↓ choose one, ←/→ one of the rows it is about, enter shows that row, f previews the chosen finding's fixes first."
	for _, l := range draw.HangingWrap(intro, width, 0) {
		lines = append(lines, st.Muted.Render(l))
	}
	spans := make([]Span, len(findings))
	for i, f := range findings {
		lines = append(lines, "")
		spans[i].First = len(lines)
		lines = append(lines, findingLines(st, f, i == p.cursor, p.ref, width)...)
		spans[i].Last = len(lines) - 1
	}
	return strings.Join(lines, "\n"), spans
}

// findingLines is one finding: "▸ ⚠ warning: sentence", wrapped under the
// sentence, then "about #15 · #34" with the chosen row highlighted when
// the finding is the chosen one.
func findingLines(st *themes.Styles, f diagnose.Finding, chosen bool, ref, width int) []string {
	glyph, word, style := views.SeverityLook(st, f.Severity)
	mark := " "
	if chosen {
		mark = st.Accent.Render("▸")
	}
	pad := strings.Repeat(" ", findingIndent)
	text := word + ": " + safetext.Line(f.Message)
	var lines []string
	for k, l := range draw.HangingWrap(text, max(1, width-findingIndent), 0) {
		if k == 0 {
			// The severity word takes the glyph's colour; the sentence
			// stays plain to be read.
			rest := strings.TrimPrefix(l, word)
			lines = append(lines, mark+" "+style.Render(glyph)+" "+style.Render(word)+st.Text.Render(rest))
			continue
		}
		lines = append(lines, pad+st.Text.Render(l))
	}
	if hint := fixHint(f, chosen); hint != "" {
		for _, l := range draw.HangingWrap(hint, max(1, width-findingIndent), 0) {
			lines = append(lines, pad+st.Accent.Render(l))
		}
	}
	if len(f.Refs) == 0 {
		return lines
	}
	// The rows are packed label by label, so that none is broken across
	// lines and the highlight falls on exactly the chosen one.
	avail := max(1, width-findingIndent)
	var b strings.Builder
	b.WriteString(st.Muted.Render("about"))
	used := len("about")
	for i, r := range f.Refs {
		label := RefLabel(r)
		if chosen && i == ref {
			// The mark shows the chosen row without colour too.
			label = "▸" + label
		}
		w := lipgloss.Width(label)
		switch {
		case used > 0 && used+3+w > avail:
			lines = append(lines, pad+b.String())
			b.Reset()
			used = 0
		case i == 0:
			b.WriteString(" ")
			used++
		default:
			b.WriteString(st.Muted.Render(" · "))
			used += 3
		}
		if chosen && i == ref {
			b.WriteString(st.ControlFocused.Render(label))
		} else {
			b.WriteString(st.Muted.Render(label))
		}
		used += w
	}
	return append(lines, pad+b.String())
}

// RefLabel names a row as the rest of the workbench does: #15 for a
// document, a component in its words.
func RefLabel(r diagnose.Ref) string {
	return safetext.Line(r.Label())
}

// fixHint says which key fixes a finding that a setting can fix: f on
// the chosen one previews its own fixes first.
func fixHint(f diagnose.Finding, chosen bool) string {
	if len(fix.KindsFor(f.Code)) == 0 {
		return ""
	}
	if chosen {
		return "fix: f previews the fixes for this finding first"
	}
	return "fix: choose it with ↑/↓, then f"
}
