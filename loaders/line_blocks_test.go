package loaders

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
)

// Blocks are the input cut after newlines only, whatever the lines'
// lengths against the block size, however the reader hands its bytes
// over, and whether or not the input's size is known.
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
		known := int64(0)
		if round%4 < 2 {
			known = int64(text.Len())
		}
		blocks := newLineBlocks(r, size, known)
		var got []byte
		for {
			block, err := blocks.next()
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
			blocks.recycle(block)
		}
		if string(got) != text.String() {
			t.Fatalf("block size %d, size known %d: the blocks joined are %q, want %q", size, known, got, text.String())
		}
	}
}

// A file that is one long line, its size known, is read into one buffer
// of its size from the first block on; of an unknown size, into a buffer
// doubled until it holds the line.
func TestLineBlocksReadALongLineOfAKnownSizeOnce(t *testing.T) {
	const blockSize = 1 << 10
	line := bytes.Repeat([]byte("word "), 3*blockSize) // 15 blocks
	for _, known := range []int64{int64(len(line)), 0} {
		blocks := newLineBlocks(bytes.NewReader(line), blockSize, known)
		block, err := blocks.next()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(block, line) {
			t.Fatalf("size known %d: a block of %d bytes, want the line's %d", known, len(block), len(line))
		}
		want := 16 * blockSize // doubled from the block's size
		if known > 0 {
			want = len(line) + bytes.MinRead
		}
		if cap(block) != want {
			t.Fatalf("size known %d: the line in a buffer of %d bytes, want %d", known, cap(block), want)
		}
		if rest, err := blocks.next(); rest != nil || err != nil {
			t.Fatalf("after the line: %q, %v", rest, err)
		}
	}
}
