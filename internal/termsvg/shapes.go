package termsvg

import (
	"fmt"
	"strings"
)

// shape is how a box-drawing or block character fills its cell.
type shape struct {
	// arms are the weights of the lines from the centre up, right, down
	// and left: 0 none, 1 light, 2 heavy; round draws the light corner
	// of its two arms as an arc.
	arms  [4]int
	round bool
	// block is the filled part of the cell in eighths, from the left
	// (x0 to x1) and from the top (y0 to y1); opacity is a shade's.
	block          bool
	x0, x1, y0, y1 int
	opacity        string
}

func arms(up, right, down, left int) shape { return shape{arms: [4]int{up, right, down, left}} }
func rect(x0, x1, y0, y1 int) shape        { return shape{block: true, x0: x0, x1: x1, y0: y0, y1: y1} }

var shapes = map[string]shape{
	"─": arms(0, 1, 0, 1), "━": arms(0, 2, 0, 2), "│": arms(1, 0, 1, 0), "┃": arms(2, 0, 2, 0),
	"┌": arms(0, 1, 1, 0), "┏": arms(0, 2, 2, 0), "┐": arms(0, 0, 1, 1), "┓": arms(0, 0, 2, 2),
	"└": arms(1, 1, 0, 0), "┗": arms(2, 2, 0, 0), "┘": arms(1, 0, 0, 1), "┛": arms(2, 0, 0, 2),
	"├": arms(1, 1, 1, 0), "┣": arms(2, 2, 2, 0), "┤": arms(1, 0, 1, 1), "┫": arms(2, 0, 2, 2),
	"┬": arms(0, 1, 1, 1), "┳": arms(0, 2, 2, 2), "┴": arms(1, 1, 0, 1), "┻": arms(2, 2, 0, 2),
	"┼": arms(1, 1, 1, 1), "╋": arms(2, 2, 2, 2),
	"╭": {arms: [4]int{0, 1, 1, 0}, round: true}, "╮": {arms: [4]int{0, 0, 1, 1}, round: true},
	"╯": {arms: [4]int{1, 0, 0, 1}, round: true}, "╰": {arms: [4]int{1, 1, 0, 0}, round: true},

	"█": rect(0, 8, 0, 8), "▀": rect(0, 8, 0, 4), "▔": rect(0, 8, 0, 1),
	"▁": rect(0, 8, 7, 8), "▂": rect(0, 8, 6, 8), "▃": rect(0, 8, 5, 8), "▄": rect(0, 8, 4, 8),
	"▅": rect(0, 8, 3, 8), "▆": rect(0, 8, 2, 8), "▇": rect(0, 8, 1, 8),
	"▉": rect(0, 7, 0, 8), "▊": rect(0, 6, 0, 8), "▋": rect(0, 5, 0, 8), "▌": rect(0, 4, 0, 8),
	"▍": rect(0, 3, 0, 8), "▎": rect(0, 2, 0, 8), "▏": rect(0, 1, 0, 8),
	"▐": rect(4, 8, 0, 8), "▕": rect(7, 8, 0, 8),
	// A shade's dots blend, at a distance, into a lighter colour.
	"░": {block: true, x1: 8, y1: 8, opacity: "0.4"}, "▒": {block: true, x1: 8, y1: 8, opacity: "0.6"},
	"▓": {block: true, x1: 8, y1: 8, opacity: "0.8"},
}

func shapeOf(text string) (shape, bool) {
	s, ok := shapes[text]
	return s, ok
}

// tiles says whether a run of the shape in one colour draws as one shape
// n cells wide: a block the full width of its cell, or a horizontal line.
// One shape leaves no seams where a viewer's antialiasing of two would.
func (s shape) tiles() bool {
	if s.block {
		return s.x0 == 0 && s.x1 == 8
	}
	return !s.round && s.arms[0] == 0 && s.arms[2] == 0 && s.arms[1] == s.arms[3]
}

// svg draws the shape in n cells of w×h from x, y, in colour fill
// (already escaped); n is more than 1 only for a shape that tiles.
func (s shape) svg(x, y, w, h float64, n int, fill string) string {
	if s.block {
		w *= float64(n)
		opacity := ""
		if s.opacity != "" {
			opacity = ` fill-opacity="` + s.opacity + `"`
		}
		return fmt.Sprintf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s"%s/>`+"\n",
			num(x+w*float64(s.x0)/8), num(y+h*float64(s.y0)/8), num(w*float64(s.x1-s.x0)/8), num(h*float64(s.y1-s.y0)/8), fill, opacity)
	}
	thick := func(weight int) float64 { return w / 7 * float64(weight) }
	cx, cy := x+w/2, y+h/2
	if n > 1 {
		t := thick(s.arms[1])
		return fmt.Sprintf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n", num(x), num(cy-t/2), num(w*float64(n)), num(t), fill)
	}
	if s.round {
		// The arc joins the middle of the cell's two edges the arms reach.
		t := thick(1)
		// Drawn clockwise, from one edge's middle to the other's.
		var from, to [2]float64
		switch s.arms {
		case [4]int{0, 1, 1, 0}: // ╭
			from, to = [2]float64{cx, y + h}, [2]float64{x + w, cy}
		case [4]int{0, 0, 1, 1}: // ╮
			from, to = [2]float64{x, cy}, [2]float64{cx, y + h}
		case [4]int{1, 0, 0, 1}: // ╯
			from, to = [2]float64{cx, y}, [2]float64{x, cy}
		default: // ╰
			from, to = [2]float64{x + w, cy}, [2]float64{cx, y}
		}
		// Straight from each edge to where the arc of radius r starts, so
		// the corner meets the next cell's line whatever the cell's shape.
		r := w / 2
		mid1, mid2 := toward(from, [2]float64{cx, cy}, r), toward(to, [2]float64{cx, cy}, r)
		return fmt.Sprintf(`<path d="M%s %sL%s %sA%s %s 0 0 1 %s %sL%s %s" fill="none" stroke="%s" stroke-width="%s"/>`+"\n",
			num(from[0]), num(from[1]), num(mid1[0]), num(mid1[1]), num(r), num(r), num(mid2[0]), num(mid2[1]), num(to[0]), num(to[1]), fill, num(t))
	}
	// Each arm runs from the edge to past the centre by half the widest
	// crossing line, so joints close.
	widest := 0.0
	for _, a := range s.arms {
		widest = max(widest, thick(a))
	}
	var d strings.Builder
	box := func(x0, y0, x1, y1 float64) {
		fmt.Fprintf(&d, "M%s %sH%sV%sH%sZ", num(x0), num(y0), num(x1), num(y1), num(x0))
	}
	if t := thick(s.arms[0]); t > 0 {
		box(cx-t/2, y, cx+t/2, cy+widest/2)
	}
	if t := thick(s.arms[1]); t > 0 {
		box(cx-widest/2, cy-t/2, x+w, cy+t/2)
	}
	if t := thick(s.arms[2]); t > 0 {
		box(cx-t/2, cy-widest/2, cx+t/2, y+h)
	}
	if t := thick(s.arms[3]); t > 0 {
		box(x, cy-t/2, cx+widest/2, cy+t/2)
	}
	return fmt.Sprintf(`<path d="%s" fill="%s"/>`+"\n", d.String(), fill)
}

// toward is the point at distance r from from toward to, along the one
// axis they differ in.
func toward(from, to [2]float64, r float64) [2]float64 {
	switch {
	case from[0] < to[0]:
		return [2]float64{to[0] - r, from[1]}
	case from[0] > to[0]:
		return [2]float64{to[0] + r, from[1]}
	case from[1] < to[1]:
		return [2]float64{from[0], to[1] - r}
	default:
		return [2]float64{from[0], to[1] + r}
	}
}
