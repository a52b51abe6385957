package loaders

import (
	"bytes"
	"errors"
	"io"
)

// LineBlocks cuts a reader into blocks of whole lines of about size
// bytes (a longer line is a block of its own), reusing the buffers given
// back with recycle.
type LineBlocks struct {
	r     io.Reader
	size  int
	carry []byte // the start of a line the last block cut, to begin the next
	eof   bool
	free  chan []byte
}

// NewLineBlocks cuts r into blocks of about blockSize bytes.
func NewLineBlocks(r io.Reader, blockSize int) *LineBlocks {
	return &LineBlocks{r: r, size: blockSize, free: make(chan []byte, 8)}
}

// next returns the next block, every line of it ending in '\n' but maybe
// the file's last; nil at the end. The block is the caller's until it
// passes it to recycle.
func (b *LineBlocks) Next() ([]byte, error) {
	if b.eof && len(b.carry) == 0 {
		return nil, nil
	}
	var buf []byte
	select {
	case buf = <-b.free:
	default:
		buf = make([]byte, 0, b.size)
	}
	buf = append(buf[:0], b.carry...)
	b.carry = b.carry[:0]
	searched := 0 // bytes of buf known to hold no '\n'
	for {
		if !b.eof {
			if len(buf) == cap(buf) {
				buf = append(make([]byte, 0, 2*cap(buf)), buf...) // a line longer than the block
			}
			n, err := b.r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			if errors.Is(err, io.EOF) {
				b.eof = true
			} else if err != nil {
				return nil, err
			}
			if len(buf) < cap(buf) && !b.eof {
				continue // fill the block before cutting it
			}
		}
		if b.eof {
			if len(buf) == 0 {
				return nil, nil
			}
			return buf, nil
		}
		cut := bytes.LastIndexByte(buf[searched:], '\n')
		if cut >= 0 {
			cut += searched
			// The carry is copied out: buf goes to the caller.
			b.carry = append(b.carry, buf[cut+1:]...)
			return buf[:cut+1], nil
		}
		searched = len(buf)
	}
}

// recycle gives a block's buffer back for a later block. A long line's
// buffer is left to the collector: kept, it would make every later block
// as large, and hold the line's size until the file is read.
func (b *LineBlocks) Recycle(block []byte) {
	if cap(block) != b.size {
		return
	}
	select {
	case b.free <- block[:0]:
	default:
	}
}
