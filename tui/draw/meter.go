package draw

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ctxlab/themes"
)

// Meter is a bar width cells wide of used against allocated, in fill,
// with eighth blocks for the remainder so small changes show; what is
// left is the theme's free space.
func Meter(st *themes.Styles, fill lipgloss.Style, used, allocated, width int) string {
	return MeterOf(st, fill, "█", used, allocated, width)
}

// MeterOf is Meter drawn in glyph: a fill other than █ has no eighth
// blocks, so its cells are rounded, at least one when anything is used
// (the fills that tell components apart without colour).
func MeterOf(st *themes.Styles, fill lipgloss.Style, glyph string, used, allocated, width int) string {
	if glyph != "█" && allocated > 0 {
		n := int(float64(min(used, allocated))/float64(allocated)*float64(width) + 0.5)
		if used > 0 {
			n = max(1, n)
		}
		n = min(n, width)
		return fill.Render(strings.Repeat(glyph, n)) + st.Free.Render(strings.Repeat("░", width-n))
	}
	if allocated <= 0 {
		if used > 0 {
			return fill.Render(strings.Repeat(glyph, width))
		}
		return st.Free.Render(strings.Repeat("░", width))
	}
	eighths := int(float64(min(used, allocated)) / float64(allocated) * float64(width*8))
	full := eighths / 8
	partial := eighths % 8
	var b strings.Builder
	b.WriteString(strings.Repeat("█", full))
	rest := width - full
	if partial > 0 && rest > 0 {
		b.WriteString(string([]rune(" ▏▎▍▌▋▊▉")[partial]))
		rest--
	}
	return fill.Render(b.String()) + st.Free.Render(strings.Repeat("░", rest))
}
