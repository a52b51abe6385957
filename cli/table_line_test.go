package cli

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// writeTableBuilt is writeTable as it was, each line built in a
// builder and trimmed: the reference the streamed lines must equal.
func writeTableBuilt(rows [][]string, align string) string {
	var out strings.Builder
	var widths []int
	for _, row := range rows {
		for i, cell := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len([]rune(cell)))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		b.WriteString("  ")
		for i, cell := range row {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", widths[i]-len([]rune(cell)))
			if i < len(align) && align[i] == 'l' {
				b.WriteString(cell + pad)
			} else {
				b.WriteString(pad + cell)
			}
		}
		fmt.Fprintln(&out, strings.TrimRight(b.String(), " "))
	}
	return out.String()
}

// Tables of random cells (blank ones, blanks at either end, runes of
// several bytes, a byte that is not UTF-8, rows of different lengths)
// are written line by line as the built lines were.
func TestWriteTableEqualsBuiltLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 7))
	cells := []string{"", " ", "   ", "a", "ab c", " lead", "trail ", " both  ", "✂ cut", "▲", "漢字", "\xff", "x\ty", strings.Repeat("w", 70), strings.Repeat(" ", 70) + "z"}
	for range 2000 {
		rows := make([][]string, 1+rng.IntN(4))
		for r := range rows {
			for range rng.IntN(5) {
				rows[r] = append(rows[r], cells[rng.IntN(len(cells))])
			}
		}
		align := []string{"", "l", "lr", "lrrrl", "rl", "llll"}[rng.IntN(6)]
		var got strings.Builder
		writeTable(&got, rows, align)
		if want := writeTableBuilt(rows, align); got.String() != want {
			t.Fatalf("rows %q align %q:\n got %q\nwant %q", rows, align, got.String(), want)
		}
	}
}
