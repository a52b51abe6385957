package termsvg

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

var opt = Options{Foreground: "#e4e4e7", Background: "#1e1e1e", Title: "a screen"}

// TestParseColoursAndAttributes: every SGR form the workbench's capture
// holds (truecolor in both separators, 256 and 16 colours, bold, reverse,
// resets) sets the cells it covers, and the style carries to the next
// line as tmux writes it.
func TestParseColoursAndAttributes(t *testing.T) {
	capture := "\x1b[1;38;2;245;243;255;48;2;76;29;149mAB\x1b[0mC\x1b[38:2::1:2:3mD\x1b[38;5;196mE\x1b[91mF\x1b[7mG\x1b[27;39mH\x1b[9mI\n" +
		"J\x1b[22;29;49mK\x1b[2;3;4mL"
	s := Parse(capture, 10, 3)
	want := []struct {
		row, col int
		text     string
		style    Style
	}{
		{0, 0, "A", Style{FG: "#f5f3ff", BG: "#4c1d95", Bold: true}},
		{0, 1, "B", Style{FG: "#f5f3ff", BG: "#4c1d95", Bold: true}},
		{0, 2, "C", Style{}},
		{0, 3, "D", Style{FG: "#010203"}},
		{0, 4, "E", Style{FG: "#ff0000"}},
		{0, 5, "F", Style{FG: "#ff0000"}},
		{0, 6, "G", Style{FG: "#ff0000", Reverse: true}},
		{0, 7, "H", Style{}},
		{0, 8, "I", Style{Strike: true}},
		{0, 9, " ", Style{}},
		{1, 0, "J", Style{Strike: true}},
		{1, 1, "K", Style{}},
		{1, 2, "L", Style{Faint: true, Italic: true, Underline: true}},
		{2, 0, " ", Style{}},
	}
	for _, w := range want {
		got := s.Cells[w.row][w.col]
		if got.Text != w.text || got.Style != w.style {
			t.Errorf("cell %d,%d = %q %+v, want %q %+v", w.row, w.col, got.Text, got.Style, w.text, w.style)
		}
	}
}

// TestParseWideAndCombining: a wide grapheme takes two cells (the second
// empty), a combining mark stays with its letter, text past the last
// column is dropped, and other sequences and controls draw nothing.
func TestParseWideAndCombining(t *testing.T) {
	s := Parse("a界b\x1b]8;;http://x\x07e\u0336\x1b[2Kf\x07g\n123456789", 6, 2)
	var got []string
	for _, c := range s.Cells[0] {
		got = append(got, c.Text)
	}
	want := []string{"a", "界", "", "b", "e\u0336", "f"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("row 0 = %q, want %q", got, want)
	}
	if s.Cells[0][1].Width != 2 || s.Cells[0][2].Width != 0 {
		t.Errorf("wide cell widths %d, %d; want 2, 0", s.Cells[0][1].Width, s.Cells[0][2].Width)
	}
	if s.Cells[1][5].Text != "6" {
		t.Errorf("row 1 ends %q, want the sixth column's 6", s.Cells[1][5].Text)
	}
}

// wellFormed parses the SVG as XML and returns its text content.
func wellFormed(t *testing.T, svg []byte) string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(string(svg)))
	var text strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return text.String()
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v\n%s", err, svg)
		}
		if cd, ok := tok.(xml.CharData); ok {
			text.Write(cd)
		}
	}
}

// TestRenderEscapesHostileText: markup in the screen's text stays text;
// the document stays well-formed and holds no element of the text's own.
func TestRenderEscapesHostileText(t *testing.T) {
	hostile := `<script>alert(1)</script> & "q" 'a' ]]> <!--`
	svg := Render("\x1b[31m"+hostile+"\x1b[0m", 60, 1, opt)
	text := wellFormed(t, svg)
	if strings.Contains(string(svg), "<script") || strings.Contains(string(svg), "<!--") {
		t.Errorf("markup from the screen reached the SVG:\n%s", svg)
	}
	if !strings.Contains(strings.ReplaceAll(text, "\n", ""), strings.TrimSpace(hostile)) {
		t.Errorf("the text %q is not in the SVG's text:\n%s", hostile, text)
	}
	// A character XML cannot hold is replaced, not written.
	svg = Render("a\x1b[1m\u0001\ufffeb", 10, 1, opt)
	wellFormed(t, []byte(svg))
	// The title is escaped too.
	wellFormed(t, Render("x", 1, 1, Options{Foreground: "#fff", Background: "#000", Title: "<b>&</b>"}))
}

// TestRenderColoursAndBold: text is drawn in its colour, default text in
// the default foreground, bold as bold; a background other than the
// screen's is a rectangle under its cells, and reverse video swaps the
// two.
func TestRenderColoursAndBold(t *testing.T) {
	svg := string(Render("plain \x1b[1;38;2;74;222;128mkept\x1b[0m \x1b[48;2;49;46;129mrow\x1b[0m \x1b[7minv\x1b[0m", 30, 1, opt))
	wellFormed(t, []byte(svg))
	for _, want := range []string{
		`<rect width="` /* the background */, `fill="#1e1e1e"/>`,
		`fill="#e4e4e7">plain</text>`,
		`fill="#4ade80" class="b">kept</text>`,
		// "row" is cells 11-13: a rectangle 3 cells wide at 11×8.4.
		`<rect x="92.4" y="0" width="25.2" height="17.5" fill="#312e81"/>`,
		// reverse video: default colours swapped.
		`<rect x="126" y="0" width="25.2" height="17.5" fill="#e4e4e7"/>`,
		`fill="#1e1e1e">inv</text>`,
	} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG lacks %s:\n%s", want, svg)
		}
	}
	// A background equal to the screen's draws no rectangle.
	if strings.Count(svg, "<rect") != 3 {
		t.Errorf("want 3 rectangles (the picture's, row's, inv's), got %d:\n%s", strings.Count(svg, "<rect"), svg)
	}
}

// TestRenderShapes: box-drawing and block characters are shapes in their
// cells, not text; a run of one that tiles is one shape, and a wide or
// unknown character is text centred in its cells.
func TestRenderShapes(t *testing.T) {
	svg := string(Render("┏━━━┓\n┃██░▌┃\n╰─界─╯", 6, 3, opt))
	wellFormed(t, []byte(svg))
	for _, glyph := range []string{"┏", "━", "┓", "┃", "█", "░", "▌", "╰", "─", "╯"} {
		if strings.Contains(svg, ">"+glyph) {
			t.Errorf("%s is drawn as text, not a shape:\n%s", glyph, svg)
		}
	}
	for _, want := range []string{
		// ━━━: one bar three cells wide, at the middle of row 0.
		`<rect x="8.4" y="7.55" width="25.2" height="2.4" fill="#e4e4e7"/>`,
		// ██: one block two cells wide filling row 1.
		`<rect x="8.4" y="17.5" width="16.8" height="17.5" fill="#e4e4e7"/>`,
		// ░: a light shade; ▌: the left half of its cell.
		`<rect x="25.2" y="17.5" width="8.4" height="17.5" fill="#e4e4e7" fill-opacity="0.4"/>`,
		`<rect x="33.6" y="17.5" width="4.2" height="17.5" fill="#e4e4e7"/>`,
		// ╰ and ╯: arcs.
		`A4.2 4.2 0 0 1`,
		// 界 takes cells 2 and 3: centred at 3×8.4.
		`<text x="25.2" y="48.65" text-anchor="middle" fill="#e4e4e7">界</text>`,
	} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG lacks %s:\n%s", want, svg)
		}
	}
	// ┃ on both sides of row 1 meets ┏/┓ above: each runs from its cell's
	// top edge.
	if !strings.Contains(svg, `<path d="M3 17.5H5.4V27.45H3Z`) {
		t.Errorf("the left ┃ does not start at the top of its row:\n%s", svg)
	}
}

// TestRenderSameInputSameBytes: the picture is a function of the screen,
// so a committed picture can be compared byte for byte.
func TestRenderSameInputSameBytes(t *testing.T) {
	in := "\x1b[1mab\x1b[0m ━━ ✓ <x>"
	if a, b := Render(in, 20, 2, opt), Render(in, 20, 2, opt); string(a) != string(b) {
		t.Error("two renderings of one screen differ")
	}
}
