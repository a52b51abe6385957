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
	if allocated <= 0 {
		if used > 0 {
			return fill.Render(strings.Repeat("█", width))
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
