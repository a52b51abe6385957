package tui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// sgrReset ends every styled segment lipgloss draws.
const sgrReset = "\x1b[0m"

// paintBackground gives a frame the theme's own background and text
// colour, for a theme drawn on a terminal whose background is of the
// other kind: without it, the light theme's dark text sits on a dark
// terminal's black. Every segment lipgloss styles ends with a full
// reset, so the colours are set again after each one, and each line is
// padded to the width so the whole screen is painted.
func paintBackground(frame string, fg, bg lipgloss.Color, width int) string {
	profile := lipgloss.ColorProfile()
	f, b := profile.Color(string(fg)), profile.Color(string(bg))
	if f == nil || b == nil || f.Sequence(false) == "" || b.Sequence(true) == "" {
		return frame // no colours on this terminal (NO_COLOR, Ascii)
	}
	set := "\x1b[" + f.Sequence(false) + ";" + b.Sequence(true) + "m"
	lines := strings.Split(frame, "\n")
	for i, l := range lines {
		l = strings.ReplaceAll(l, sgrReset, sgrReset+set)
		if pad := width - ansi.StringWidth(l); pad > 0 {
			l += strings.Repeat(" ", pad)
		}
		lines[i] = set + l + sgrReset
	}
	return strings.Join(lines, "\n")
}

// paintsBackground reports whether the theme needs its own background on
// this terminal.
func (m Model) paintsBackground() bool {
	p := m.palette
	return p.Background != "" && p.DarkBackground != m.cfg.DarkBackground
}

// painted is a frame as drawn: with the theme's own background when it
// needs one, every line of the terminal painted, the lines below a short
// frame (the too-small notice) included, so no cell shows the terminal's
// other background.
func (m Model) painted(frame string) string {
	if !m.paintsBackground() {
		return frame
	}
	if missing := m.height - (strings.Count(frame, "\n") + 1); missing > 0 {
		frame += strings.Repeat("\n", missing)
	}
	return paintBackground(frame, m.palette.Text, m.palette.Background, m.width)
}
