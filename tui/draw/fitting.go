package draw

import "github.com/charmbracelet/x/ansi"

// Fitting is the first of lines, longest first, that fits width, or the
// last.
func Fitting(width int, lines ...string) string {
	for _, line := range lines {
		if ansi.StringWidth(line) <= width {
			return line
		}
	}
	return lines[len(lines)-1]
}
