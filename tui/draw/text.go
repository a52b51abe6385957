package draw

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"
)

// Truncate cuts plain text to width cells, ending with "…" when cut.
func Truncate(s string, width int) string {
	if width <= 0 {
		return ""
	}
	// A long text (a 50 MB query in its control) is cut on its start
	// alone: measured whole, every frame measured all of it twice.
	if limit := 8*width + 64; len(s) > limit {
		if start := s[:RuneStartAtOrBefore(s, limit)]; runewidth.StringWidth(start) > width {
			return runewidth.Truncate(start, width, "…")
		}
	}
	if runewidth.StringWidth(s) <= width {
		return s
	}
	return runewidth.Truncate(s, width, "…")
}

// PadRight pads plain or styled text with spaces to width cells, cutting
// it when longer.
func PadRight(s string, width int) string {
	w := ansi.StringWidth(s)
	switch {
	case w > width:
		return ansi.Truncate(s, width, "…")
	case w < width:
		return s + strings.Repeat(" ", width-w)
	}
	return s
}

// PadLeft right-aligns plain text in width cells.
func PadLeft(s string, width int) string {
	w := runewidth.StringWidth(s)
	if w >= width {
		return s
	}
	return strings.Repeat(" ", width-w) + s
}

// FitLines makes text exactly height lines of at most width cells.
func FitLines(text string, width, height int) string {
	lines := strings.Split(text, "\n")
	if len(lines) > height {
		lines = lines[:height]
	}
	for i, l := range lines {
		lines[i] = PadRight(l, width)
	}
	for len(lines) < height {
		lines = append(lines, strings.Repeat(" ", width))
	}
	return strings.Join(lines, "\n")
}

// Wrap wraps text to width at word boundaries, breaking words longer
// than the width, and keeps existing line breaks.
func Wrap(s string, width int) []string {
	return strings.Split(ansi.Wrap(s, max(1, width), ""), "\n")
}
