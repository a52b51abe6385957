package draw

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// SGRReset ends every styled segment lipgloss draws.
const SGRReset = "\x1b[0m"

// PaintBackground gives a frame the theme's own background and text
// colour, for a theme drawn on a terminal whose background is of the
// other kind: without it, the light theme's dark text sits on a dark
// terminal's black. Every segment lipgloss styles ends with a full
// reset, so the colours are set again after each one, and each line is
// padded to the width so the whole screen is painted.
func PaintBackground(frame string, fg, bg lipgloss.Color, width int) string {
	profile := lipgloss.ColorProfile()
	f, b := profile.Color(string(fg)), profile.Color(string(bg))
	if f == nil || b == nil || f.Sequence(false) == "" || b.Sequence(true) == "" {
		return frame // no colours on this terminal (NO_COLOR, Ascii)
	}
	set := "\x1b[" + f.Sequence(false) + ";" + b.Sequence(true) + "m"
	lines := strings.Split(frame, "\n")
	for i, l := range lines {
		l = strings.ReplaceAll(l, SGRReset, SGRReset+set)
		if pad := width - ansi.StringWidth(l); pad > 0 {
			l += strings.Repeat(" ", pad)
		}
		lines[i] = set + l + SGRReset
	}
	return strings.Join(lines, "\n")
}
