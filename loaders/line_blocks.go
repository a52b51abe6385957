package loaders

import (
	"bytes"
	"errors"
	"io"
)

// lineBlocks cuts a reader into blocks of whole lines of about size
// bytes (a longer line is a block of its own), reusing the buffers given
// back with recycle.
type lineBlocks struct {
	r     io.Reader
	size  int
	carry []byte // the start of a line the last block cut, to begin the next
	eof   bool
	free  chan []byte
	// left is how many bytes the reader has not handed over yet when it
	// reads a regular file of a known size, or 0 (see grow).
	left int64
	// kept is every block handed out, in order, for an input that cannot
	// be read again; nil unless made by newKeptLineBlocks.
	kept *inputChunks
	// mapped says the buffer being filled is mapped by newChunk.
	mapped bool
}

// newLineBlocks cuts r, which holds size bytes if size > 0.
func newLineBlocks(r io.Reader, blockSize int, size int64) *lineBlocks {
	return &lineBlocks{r: r, size: blockSize, free: make(chan []byte, 8), left: size}
}

// next returns the next block, every line of it ending in '\n' but maybe
// the file's last; nil at the end. The block is the caller's until it
// passes it to recycle.
func (b *lineBlocks) next() ([]byte, error) {
	if b.eof && len(b.carry) == 0 {
		return nil, nil
	}
	var buf []byte
	if b.kept != nil {
		buf = b.newKeptBuffer(b.size)
	} else {
		select {
		case buf = <-b.free:
		default:
			buf = make([]byte, 0, b.size)
		}
	}
	buf = append(buf[:0], b.carry...)
	b.carry = b.carry[:0]
	searched := 0 // bytes of buf known to hold no '\n'
	for {
		if !b.eof {
			if len(buf) == cap(buf) {
				buf = b.moveTo(buf, b.grow(buf))
			}
			n, err := b.r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			b.left = max(0, b.left-int64(n))
			if errors.Is(err, io.EOF) {
				b.eof = true
			} else if err != nil {
				b.drop(buf)
				return nil, err
			}
			if len(buf) < cap(buf) && !b.eof {
				continue // fill the block before cutting it
			}
		}
		if b.eof {
			if len(buf) == 0 {
				b.drop(buf)
				return nil, nil
			}
			return b.handOut(buf), nil
		}
		cut := bytes.LastIndexByte(buf[searched:], '\n')
		if cut >= 0 {
			cut += searched
			// The carry is copied out: buf goes to the caller.
			b.carry = append(b.carry, buf[cut+1:]...)
			return b.handOut(buf[:cut+1]), nil
		}
		searched = len(buf)
	}
}

// grow is the size of the buffer a line longer than the block buf holds
// moves to: twice buf, so a line of any length is copied a bounded number
// of times, or, when the rest of the file is known and at most
// jumpBlocks times buf, buf and the whole rest at once. A file that is
// one 50 MB record then goes from the first block to a buffer of its
// size, not through 8, 16, 32 and 64 MB: each step was garbage, and the
// last held the line in up to twice its size beside the half it was
// copied from, so the heap peaked between 2.6 and 3.6 times the file,
// depending on when a collection ran.
func (b *lineBlocks) grow(buf []byte) int {
	if rest := int64(len(buf)) + b.left + bytes.MinRead; b.left > 0 && rest <= jumpBlocks*int64(cap(buf)) {
		return int(rest)
	}
	return 2 * cap(buf)
}

// jumpBlocks bounds how much of the file a block may take beyond the long
// line that made it grow: at most this many times what it held.
const jumpBlocks = 16

// recycle gives a block's buffer back for a later block. A long line's
// buffer is left to the collector: kept, it would make every later block
// as large, and hold the line's size until the file is read. Kept blocks
// are not reused.
func (b *lineBlocks) recycle(block []byte) {
	if cap(block) != b.size || b.kept != nil {
		return
	}
	select {
	case b.free <- block[:0]:
	default:
	}
}
