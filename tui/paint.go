package tui

import (
	"strings"

	"ctxlab/tui/draw"
)

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
	return draw.PaintBackground(frame, m.palette.Text, m.palette.Background, m.width)
}
