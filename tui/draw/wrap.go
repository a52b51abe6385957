package draw

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/lipgloss"
	"github.com/mattn/go-runewidth"
)

// WriteWrapped writes plain text wrapped to width, each line styled on its
// own. A multi-line string given to a lipgloss Style is padded into a
// block as wide as its widest line, which pushes every line after a short
// first one to the right; styling line by line does not.
func WriteWrapped(b *strings.Builder, style lipgloss.Style, text string, width int) {
	for _, l := range Wrap(text, width) {
		b.WriteString(style.Render(l))
		b.WriteByte('\n')
	}
}

// WriteHanging writes plain text wrapped to width with every line after
// the first indented by indent cells, each line styled on its own.
func WriteHanging(b *strings.Builder, style lipgloss.Style, text string, width, indent int) {
	for i, l := range HangingWrap(text, width, indent) {
		if i > 0 {
			b.WriteString(strings.Repeat(" ", indent))
		}
		b.WriteString(style.Render(l))
		b.WriteByte('\n')
	}
}

// WriteContinued finishes a line already indent cells in: the text
// wrapped to the cells left, its later lines indented to the same column.
func WriteContinued(b *strings.Builder, style lipgloss.Style, text string, width, indent int) {
	for k, l := range HangingWrap(text, max(1, width-indent), 0) {
		if k > 0 {
			b.WriteString(strings.Repeat(" ", indent))
		}
		b.WriteString(style.Render(l))
		b.WriteByte('\n')
	}
}

// HangingWrap wraps plain text at spaces so that the first line is at
// most width cells and every later one at most width-indent, for a
// caller that indents them; a word longer than a line is broken. Line
// breaks in the text are kept. Nothing is ever cut. The lines are
// returned without the indent.
func HangingWrap(text string, width, indent int) []string {
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
				part := lineOfWord(word, avail)
				cur.WriteString(part)
				flush()
				word = word[len(part):]
				ww = restWidth(word, ww, part)
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

// lineOfWord is the start of word that fills a line of avail cells (at
// least one rune), measured on a prefix of word just long enough: a word
// as long as a document's source (50 MB) was measured whole for each of
// its lines, which took hours and froze the workbench on its context
// view. The prefix doubles until it is wider than the line, so the bytes
// measured are a small multiple of the line's.
func lineOfWord(word string, avail int) string {
	size := min(len(word), 4*avail+16)
	for {
		prefix := word[:RuneStartAtOrBefore(word, size)]
		if size == len(word) || runewidth.StringWidth(prefix) > avail {
			if part := runewidth.Truncate(prefix, avail, ""); part != "" {
				return part
			}
			_, n := utf8.DecodeRuneInString(word) // a rune wider than the line
			return word[:n]
		}
		size = min(len(word), 2*size)
	}
}

// restWidth is the width of what is left of a word after a line took
// part of it: measured when it is short, the width before less part's
// otherwise (a line ends between grapheme clusters, so widths add up).
func restWidth(rest string, before int, part string) int {
	if len(rest) <= 1<<12 {
		return runewidth.StringWidth(rest)
	}
	return before - runewidth.StringWidth(part)
}

// RuneStartAtOrBefore is the largest index <= i that starts a rune (or
// len(s)).
func RuneStartAtOrBefore(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}
