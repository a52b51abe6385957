package tui

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/lipgloss"
	"github.com/mattn/go-runewidth"

	"ctxlab/core"
	"ctxlab/internal/safetext"
)

// sourceOf is a document's source for display, or its number.
func sourceOf(ev *core.Evaluation, doc int) string {
	src := safetext.Line(ev.Documents[doc].Source)
	if src == "" {
		return "(no source)"
	}
	return src
}

// writeWrapped writes plain text wrapped to width, each line styled on its
// own. A multi-line string given to a lipgloss Style is padded into a
// block as wide as its widest line, which pushes every line after a short
// first one to the right; styling line by line does not.
func writeWrapped(b *strings.Builder, style lipgloss.Style, text string, width int) {
	for _, l := range wrapText(text, width) {
		b.WriteString(style.Render(l))
		b.WriteByte('\n')
	}
}

// writeHanging writes plain text wrapped to width with every line after
// the first indented by indent cells, each line styled on its own.
func writeHanging(b *strings.Builder, style lipgloss.Style, text string, width, indent int) {
	for i, l := range hangingWrap(text, width, indent) {
		if i > 0 {
			b.WriteString(strings.Repeat(" ", indent))
		}
		b.WriteString(style.Render(l))
		b.WriteByte('\n')
	}
}

// writeContinued finishes a line already indent cells in: the text
// wrapped to the cells left, its later lines indented to the same column.
func writeContinued(b *strings.Builder, style lipgloss.Style, text string, width, indent int) {
	for k, l := range hangingWrap(text, max(1, width-indent), 0) {
		if k > 0 {
			b.WriteString(strings.Repeat(" ", indent))
		}
		b.WriteString(style.Render(l))
		b.WriteByte('\n')
	}
}

// hangingWrap wraps plain text at spaces so that the first line is at
// most width cells and every later one at most width-indent, for a
// caller that indents them; a word longer than a line is broken. Line
// breaks in the text are kept. Nothing is ever cut. The lines are
// returned without the indent.
func hangingWrap(text string, width, indent int) []string {
	width = max(1, width)
	indent = max(0, min(indent, width-1))
	var lines []string
	var cur strings.Builder
	curW, avail := 0, width
	flush := func() {
		lines = append(lines, cur.String())
		cur.Reset()
		curW, avail = 0, width-indent
	}
	for p, para := range strings.Split(text, "\n") {
		if p > 0 {
			flush()
		}
		for _, word := range strings.Fields(para) {
			ww := runewidth.StringWidth(word)
			if curW > 0 && curW+1+ww > avail {
				flush()
			}
			for curW == 0 && ww > avail {
				part := runewidth.Truncate(word, avail, "")
				if part == "" { // a rune wider than the line
					_, size := utf8.DecodeRuneInString(word)
					part = word[:size]
				}
				cur.WriteString(part)
				flush()
				word = word[len(part):]
				ww = runewidth.StringWidth(word)
			}
			if word == "" {
				continue
			}
			if curW > 0 {
				cur.WriteByte(' ')
				curW++
			}
			cur.WriteString(word)
			curW += ww
		}
	}
	if curW > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}
