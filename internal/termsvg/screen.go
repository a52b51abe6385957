package termsvg

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Style is how a cell is drawn. A colour is "#rrggbb", or empty for the
// screen's default foreground or background.
type Style struct {
	FG, BG                                          string
	Bold, Faint, Italic, Underline, Strike, Reverse bool
}

// Cell is one column of a row: the grapheme drawn there and its width in
// columns. The column after a wide grapheme holds an empty Cell (Width 0).
type Cell struct {
	Text  string
	Width int
	Style Style
}

// Screen is a grid of rows of cells, every row as wide as the screen.
type Screen struct {
	Cols, Rows int
	Cells      [][]Cell
}

// Parse reads a capture into a screen of cols×rows cells: text beyond a
// row is dropped, and rows or columns the capture does not reach are
// blank (tmux leaves out a row's unwritten tail). The style carries from
// one line to the next, as tmux writes it.
// Sequences other than SGR and control characters draw nothing.
func Parse(capture string, cols, rows int) *Screen {
	s := &Screen{Cols: cols, Rows: rows, Cells: make([][]Cell, rows)}
	for r := range s.Cells {
		s.Cells[r] = make([]Cell, cols)
		for c := range s.Cells[r] {
			s.Cells[r][c] = Cell{Text: " ", Width: 1}
		}
	}
	var style Style
	lines := strings.Split(strings.TrimSuffix(capture, "\n"), "\n")
	for r, line := range lines {
		if r >= rows {
			break
		}
		col := 0
		var state byte
		for len(line) > 0 {
			seq, width, n, next := ansi.DecodeSequence(line, state, nil)
			state, line = next, line[n:]
			switch {
			case strings.HasPrefix(seq, "\x1b[") && strings.HasSuffix(seq, "m"):
				style = applySGR(style, seq[2:len(seq)-1])
			case width > 0 && col+width <= cols:
				s.Cells[r][col] = Cell{Text: seq, Width: width, Style: style}
				for i := 1; i < width; i++ {
					s.Cells[r][col+i] = Cell{Style: style}
				}
				col += width
			case width > 0:
				col = cols
			case col > 0 && printable(seq):
				// A mark the decoder did not join to its letter.
				at := col - 1
				for at > 0 && s.Cells[r][at].Width == 0 {
					at--
				}
				s.Cells[r][at].Text += seq
			}
		}
	}
	return s
}

// printable says whether seq is text rather than an escape sequence or a
// control character.
func printable(seq string) bool {
	for _, r := range seq {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return false
		}
	}
	return seq != ""
}

// applySGR applies one SGR sequence's parameters ("1;38;2;1;2;3") to st.
func applySGR(st Style, params string) Style {
	if params == "" {
		return Style{}
	}
	ps := strings.FieldsFunc(params, func(r rune) bool { return r == ';' || r == ':' })
	num := func(i int) int {
		if i >= len(ps) {
			return -1
		}
		n, err := strconv.Atoi(ps[i])
		if err != nil {
			return -1
		}
		return n
	}
	for i := 0; i < len(ps); i++ {
		switch p := num(i); {
		case p == 0:
			st = Style{}
		case p == 1:
			st.Bold = true
		case p == 2:
			st.Faint = true
		case p == 3:
			st.Italic = true
		case p == 4:
			st.Underline = true
		case p == 7:
			st.Reverse = true
		case p == 9:
			st.Strike = true
		case p == 22:
			st.Bold, st.Faint = false, false
		case p == 23:
			st.Italic = false
		case p == 24:
			st.Underline = false
		case p == 27:
			st.Reverse = false
		case p == 29:
			st.Strike = false
		case p >= 30 && p <= 37:
			st.FG = ansiColour(p - 30)
		case p >= 90 && p <= 97:
			st.FG = ansiColour(p - 90 + 8)
		case p >= 40 && p <= 47:
			st.BG = ansiColour(p - 40)
		case p >= 100 && p <= 107:
			st.BG = ansiColour(p - 100 + 8)
		case p == 39:
			st.FG = ""
		case p == 49:
			st.BG = ""
		case p == 38 || p == 48:
			var colour string
			switch num(i + 1) {
			case 5:
				if n := num(i + 2); n >= 0 && n <= 255 {
					colour = ansiColour(n)
				}
				i += 2
			case 2:
				// 38;2;r;g;b, or 38:2::r:g:b with an empty colour space
				// (FieldsFunc drops the empty field).
				r, g, b := num(i+2), num(i+3), num(i+4)
				if r >= 0 && r <= 255 && g >= 0 && g <= 255 && b >= 0 && b <= 255 {
					colour = fmt.Sprintf("#%02x%02x%02x", r, g, b)
				}
				i += 4
			default:
				i = len(ps)
			}
			if p == 38 {
				st.FG = colour
			} else {
				st.BG = colour
			}
		}
	}
	return st
}

// xterm's 16 colours; 16-231 are its 6×6×6 cube and 232-255 its greys.
var basic = [16]string{
	"#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
	"#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
}

func ansiColour(n int) string {
	switch {
	case n < 16:
		return basic[n]
	case n < 232:
		n -= 16
		level := func(v int) int {
			if v == 0 {
				return 0
			}
			return 55 + 40*v
		}
		return fmt.Sprintf("#%02x%02x%02x", level(n/36), level(n/6%6), level(n%6))
	default:
		v := 8 + 10*(n-232)
		return fmt.Sprintf("#%02x%02x%02x", v, v, v)
	}
}
