package termsvg

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Options are the picture's defaults and sizes.
type Options struct {
	// Foreground and Background are the colours of the screen's default
	// (SGR 39 and 49), "#rrggbb".
	Foreground, Background string
	// Title names the picture for screen readers (the SVG's title).
	Title string
	// FontSize is the text's size in pixels; a cell is 0.6 of it wide and
	// 1.25 of it high. 14 when zero.
	FontSize float64
}

// fontFamily lists monospace fonts common on the systems that show a
// README; every one draws a cell 0.6 em wide, and textLength fixes the
// runs of one that does not.
const fontFamily = `'DejaVu Sans Mono', 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace`

// Render draws a capture of cols×rows cells as an SVG document.
func Render(capture string, cols, rows int, opt Options) []byte {
	return Draw(Parse(capture, cols, rows), opt)
}

// Draw draws a screen as an SVG document: a rounded background, the
// cells' backgrounds, box-drawing and block characters as shapes, and the
// remaining text.
func Draw(s *Screen, opt Options) []byte {
	fs := opt.FontSize
	if fs == 0 {
		fs = 14
	}
	d := drawing{cw: fs * 0.6, rh: fs * 1.25, fs: fs, fg: opt.Foreground, bg: opt.Background}
	pad := fs
	w, h := float64(s.Cols)*d.cw+2*pad, float64(s.Rows)*d.rh+2*pad
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" role="img">`+"\n", num(w), num(h), num(w), num(h))
	if opt.Title != "" {
		b.WriteString("<title>" + escape(opt.Title) + "</title>\n")
	}
	fmt.Fprintf(&b, "<style>text{font-family:%s;font-size:%spx;white-space:pre}.b{font-weight:bold}.i{font-style:italic}.u{text-decoration:underline}.s{text-decoration:line-through}.us{text-decoration:underline line-through}</style>\n",
		fontFamily, num(fs))
	fmt.Fprintf(&b, `<rect width="%s" height="%s" rx="%s" fill="%s"/>`+"\n", num(w), num(h), num(fs/2), escape(d.bg))
	fmt.Fprintf(&b, `<g transform="translate(%s %s)">`+"\n", num(pad), num(pad))
	for r, row := range s.Cells {
		d.backgrounds(&b, r, row)
	}
	for r, row := range s.Cells {
		d.shapes(&b, r, row)
	}
	for r, row := range s.Cells {
		d.text(&b, r, row)
	}
	b.WriteString("</g>\n</svg>\n")
	return b.Bytes()
}

type drawing struct {
	cw, rh, fs float64
	fg, bg     string
}

// colours resolves a style's foreground and background, defaults and
// reverse video applied.
func (d drawing) colours(st Style) (fg, bg string) {
	fg, bg = st.FG, st.BG
	if fg == "" {
		fg = d.fg
	}
	if bg == "" {
		bg = d.bg
	}
	if st.Reverse {
		fg, bg = bg, fg
	}
	return fg, bg
}

// backgrounds draws each run of cells whose background is not the
// screen's as one rectangle.
func (d drawing) backgrounds(b *bytes.Buffer, r int, row []Cell) {
	for c := 0; c < len(row); {
		_, bg := d.colours(row[c].Style)
		end := c + 1
		for end < len(row) {
			if _, next := d.colours(row[end].Style); next != bg {
				break
			}
			end++
		}
		if !strings.EqualFold(bg, d.bg) {
			fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n",
				num(float64(c)*d.cw), num(float64(r)*d.rh), num(float64(end-c)*d.cw), num(d.rh), escape(bg))
		}
		c = end
	}
}

// shapes draws the row's box-drawing and block characters, a run of one
// that tiles as one shape.
func (d drawing) shapes(b *bytes.Buffer, r int, row []Cell) {
	for c := 0; c < len(row); {
		cell := row[c]
		shape, ok := shapeOf(cell.Text)
		if !ok || cell.Width != 1 {
			c++
			continue
		}
		fg, _ := d.colours(cell.Style)
		end := c + 1
		for shape.tiles() && end < len(row) && row[end].Text == cell.Text {
			if next, _ := d.colours(row[end].Style); next != fg {
				break
			}
			end++
		}
		b.WriteString(shape.svg(float64(c)*d.cw, float64(r)*d.rh, d.cw, d.rh, end-c, escape(fg)))
		c = end
	}
}

// text draws the row's other characters: a run of printable ASCII of one
// style as one text element stretched to its cells, every other grapheme
// on its own, centred in its cells, so a glyph from a fallback font of
// another width shifts nothing after it.
func (d drawing) text(b *bytes.Buffer, r int, row []Cell) {
	y := float64(r)*d.rh + d.rh/2 + d.fs*0.35
	for c := 0; c < len(row); {
		cell := row[c]
		if cell.Width == 0 || cell.Text == " " || isShape(cell) {
			c++
			continue
		}
		if !ascii(cell.Text) {
			d.textElement(b, cell.Style, float64(c)*d.cw+float64(cell.Width)*d.cw/2, y, `text-anchor="middle" `, cell.Text)
			c += cell.Width
			continue
		}
		end := c + 1
		for end < len(row) && row[end].Style == cell.Style && row[end].Width == 1 && ascii(row[end].Text) {
			end++
		}
		run := row[c:end]
		for len(run) > 0 && run[len(run)-1].Text == " " {
			run = run[:len(run)-1]
		}
		var text strings.Builder
		for _, x := range run {
			text.WriteString(x.Text)
		}
		d.textElement(b, cell.Style, float64(c)*d.cw, y, fmt.Sprintf(`textLength="%s" `, num(float64(len(run))*d.cw)), text.String())
		c = end
	}
}

func (d drawing) textElement(b *bytes.Buffer, st Style, x, y float64, extra, text string) {
	fg, _ := d.colours(st)
	var class []string
	if st.Bold {
		class = append(class, "b")
	}
	if st.Italic {
		class = append(class, "i")
	}
	switch {
	case st.Underline && st.Strike:
		class = append(class, "us")
	case st.Underline:
		class = append(class, "u")
	case st.Strike:
		class = append(class, "s")
	}
	attrs := ""
	if len(class) > 0 {
		attrs += ` class="` + strings.Join(class, " ") + `"`
	}
	if st.Faint {
		attrs += ` fill-opacity="0.6"`
	}
	fmt.Fprintf(b, `<text x="%s" y="%s" %sfill="%s"%s>%s</text>`+"\n", num(x), num(y), extra, escape(fg), attrs, escape(text))
}

func ascii(s string) bool {
	return len(s) == 1 && s[0] >= 0x20 && s[0] < 0x7f
}

func isShape(c Cell) bool {
	_, ok := shapeOf(c.Text)
	return ok && c.Width == 1
}

// escape makes text safe inside an XML element or a quoted attribute; a
// character XML cannot hold becomes U+FFFD.
func escape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// num writes a coordinate with at most two decimals.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}
