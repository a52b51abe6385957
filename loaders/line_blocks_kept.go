package loaders

import "io"

// newKeptLineBlocks cuts r as newLineBlocks does, for an input that cannot
// be read again (a pipe): every block is kept, so that the input can be
// given whole to a reader that needs it so (wholeInput), until
// releaseKept. Kept blocks are mapped outside the heap, as a pipe's chunks
// are: on the heap they would count as live data, and the collector, which
// lets the heap grow to twice what is live between collections, would let
// as much garbage pile up beside them while the records are decoded.
func newKeptLineBlocks(r io.Reader, blockSize int, size int64) *lineBlocks {
	b := newLineBlocks(r, blockSize, size)
	b.kept = &inputChunks{}
	return b
}

// newKeptBuffer is an empty buffer of n bytes for a kept block.
func (b *lineBlocks) newKeptBuffer(n int) []byte {
	buf, mapped := newChunk(n)
	b.mapped = mapped
	return buf[:0]
}

// moveTo moves the block being filled, buf, to a buffer of n bytes.
func (b *lineBlocks) moveTo(buf []byte, n int) []byte {
	if b.kept == nil {
		return append(make([]byte, 0, n), buf...)
	}
	wasMapped := b.mapped
	moved := append(b.newKeptBuffer(n), buf...)
	if wasMapped {
		_ = freeChunk(buf)
	}
	return moved
}

// drop lets go of the buffer being filled when it ends up empty.
func (b *lineBlocks) drop(buf []byte) {
	if b.kept != nil && b.mapped {
		_ = freeChunk(buf)
	}
}

// handOut keeps block, when blocks are kept, and returns it.
func (b *lineBlocks) handOut(block []byte) []byte {
	if b.kept != nil {
		b.kept.add(block, b.mapped)
	}
	return block
}

// wholeInput is the whole input in one buffer of its size: the kept
// blocks, the line the last one cut and what was not read yet. The kept
// blocks are used up, each let go of once it is copied. No block may be
// in use.
func (b *lineBlocks) wholeInput() ([]byte, error) {
	in := b.kept
	b.kept = &inputChunks{}
	if len(b.carry) > 0 {
		in.add(b.carry, false)
		b.carry = nil
	}
	if !b.eof {
		if err := in.readRest(b.r); err != nil {
			in.free()
			return nil, err
		}
		b.eof = true
	}
	return in.bytes(), nil
}

// releaseKept lets go of every kept block once none is in use.
func (b *lineBlocks) releaseKept() {
	if b.kept != nil {
		b.kept.free()
	}
}
