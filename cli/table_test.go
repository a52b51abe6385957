package cli

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"ctxlab/internal/alloctest"
	"ctxlab/internal/racetest"
	"ctxlab/internal/safetext"
)

// builtTable is writeTable as it was, each line built whole, padded with
// strings.Repeat and trimmed, the cells from input made safe first.
func builtTable(w io.Writer, rows [][]string, align string, fromInput []bool) {
	safe := make([][]string, len(rows))
	for r, row := range rows {
		safe[r] = make([]string, len(row))
		for i, cell := range row {
			if i < len(fromInput) && fromInput[i] {
				cell = safetext.Line(cell)
			}
			safe[r][i] = cell
		}
	}
	var widths []int
	for _, row := range safe {
		for i, cell := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len([]rune(cell)))
		}
	}
	for _, row := range safe {
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
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// randomCell is empty, spaces, text, or text with what Line changes;
// now and then longer than a window.
func randomCell(rng *rand.Rand) string {
	pieces := []string{"", " ", "  ", "a", "use case", "✂", "▲", "é", "😀", "\t", "\n", "\r\n", "\x1b[2J", "\u009b", "\u202e", "\u200d", "\xff"}
	var b strings.Builder
	for range rng.IntN(6) {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	if rng.IntN(40) == 0 {
		b.WriteString(strings.Repeat("long\tcell é ", lineWindow/6))
	}
	return b.String()
}

// TestWriteTableAsBuilt: streamed, a table is the bytes its lines built
// whole gave, on random cells, rows of different lengths, both
// alignments, with and without columns from input.
func TestWriteTableAsBuilt(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 4))
	for range 2000 / racetest.Step(3) {
		rows := make([][]string, rng.IntN(5))
		for r := range rows {
			rows[r] = make([]string, rng.IntN(5))
			for i := range rows[r] {
				rows[r][i] = randomCell(rng)
			}
		}
		align := []byte("lrlr")[:rng.IntN(5)]
		fromInput := []bool{rng.IntN(2) == 0, rng.IntN(2) == 0, rng.IntN(2) == 0}
		var got, want bytes.Buffer
		writeTableFromInput(&got, rows, string(align), fromInput)
		builtTable(&want, rows, string(align), fromInput)
		if got.String() != want.String() {
			t.Fatalf("rows %q align %q from input %v:\n%q\nwant\n%q", rows, align, fromInput, got.String(), want.String())
		}
		if !fromInput[0] && !fromInput[1] && !fromInput[2] {
			got.Reset()
			writeTable(&got, rows, string(align))
			if got.String() != want.String() {
				t.Fatalf("writeTable(%q, %q) = %q, want %q", rows, align, got.String(), want.String())
			}
		}
	}
}

// TestWriteTableCopiesNoLongCell: a table holding a 4 MB cell from input,
// in a column whose header is padded to it, allocates a small share of
// it. Built whole, the header's padding, the line and the sanitized cell
// were each a copy.
func TestWriteTableCopiesNoLongCell(t *testing.T) {
	long := strings.Repeat("support\tchat ", 300_000)
	rows := [][]string{{"use case", "requests"}, {long, "1"}}
	bound := uint64(len(long)) / 10
	if allocated := alloctest.Least(bound, func() { writeTableFromInput(io.Discard, rows, "l", []bool{true}) }); allocated > bound {
		t.Errorf("a table of a %d-byte cell allocated %d bytes; want at most a tenth of it", len(long), allocated)
	}
}

// TestWriteTablePartsAsJoined: a table whose cells are given in parts,
// cut where characters start, is the table of their joins, from input or
// not; a long name is written from its parts, not joined.
func TestWriteTablePartsAsJoined(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for range 1000 / racetest.Step(3) {
		rows := make([][]string, rng.IntN(5))
		parted := make([][][]string, len(rows))
		for r := range rows {
			rows[r] = make([]string, rng.IntN(5))
			parted[r] = make([][]string, len(rows[r]))
			for i := range rows[r] {
				for range rng.IntN(4) {
					part := randomCell(rng)
					parted[r][i] = append(parted[r][i], part)
					rows[r][i] += part
				}
			}
		}
		align := []byte("lrlr")[:rng.IntN(5)]
		fromInput := []bool{rng.IntN(2) == 0, rng.IntN(2) == 0, rng.IntN(2) == 0}
		var got, want bytes.Buffer
		writeTableParts(&got, len(parted), func(i int) [][]string { return parted[i] }, string(align), fromInput)
		builtTable(&want, rows, string(align), fromInput)
		if got.String() != want.String() {
			t.Fatalf("parts %q align %q from input %v:\n%q\nwant\n%q", parted, align, fromInput, got.String(), want.String())
		}
	}

	long := strings.Repeat("kb/a", 1<<20)
	cells := [][][]string{{{"what"}}, {{"#1", " ", long}}}
	bound := uint64(len(long)) / 10
	allocated := alloctest.Least(bound, func() {
		writeTableParts(io.Discard, len(cells), func(i int) [][]string { return cells[i] }, "l", []bool{true})
	})
	if allocated > bound {
		t.Errorf("a table of a %d-byte name allocated %d bytes; want at most a tenth of it", len(long), allocated)
	}
}
