package loaders

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
)

// Blocks are the input cut after newlines only, whatever the lines'
// lengths against the block size, however the reader hands its bytes
// over.
func TestLineBlocksCutAfterWholeLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 400 {
		var text strings.Builder
		for range rng.IntN(12) {
			text.WriteString(strings.Repeat("x", rng.IntN(60)))
			text.WriteByte('\n')
		}
		if rng.IntN(2) == 0 {
			text.WriteString(strings.Repeat("y", rng.IntN(60))) // no final newline
		}
		size := 1 + round%17
		var r io.Reader = strings.NewReader(text.String())
		if round%2 == 0 {
			r = iotest.OneByteReader(r)
		}
		blocks := NewLineBlocks(r, size)
		var got []byte
		for {
			block, err := blocks.Next()
			if err != nil {
				t.Fatal(err)
			}
			if block == nil {
				break
			}
			if len(got)+len(block) < text.Len() && block[len(block)-1] != '\n' {
				t.Fatalf("block size %d: block %q does not end a line", size, block)
			}
			got = append(got, block...)
			blocks.Recycle(block)
		}
		if string(got) != text.String() {
			t.Fatalf("block size %d: the blocks joined are %q, want %q", size, got, text.String())
		}
	}
}
