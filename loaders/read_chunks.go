package loaders

import (
	"errors"
	"io"
	"os"
	"strings"
)

// Chunk sizes for reading an input of unknown length: small first, so a
// short pipe costs little, then larger, so a long one takes few reads.
const (
	firstChunkSize = 64 << 10
	maxChunkSize   = 8 << 20
)

// inputChunks is a whole input, such as a pipe, held in chunks in order.
// io.ReadAll's growing buffer is copied into one 1.25 times larger each
// time it fills, so a pipe refused at the size limit had held up to twice
// the limit by then; chunks are never copied while reading, so a refused
// pipe peaks near the limit. A pipe's chunks are mapped outside the heap
// (newChunk) and each is unmapped as soon as it has been copied on, into
// one buffer (bytes, text) or into blocks of lines (reader): the input is
// then never held twice, which it was while a heap chunk waited for a
// collection.
type inputChunks struct {
	chunks []inputChunk
	size   int
}

type inputChunk struct {
	bytes  []byte
	mapped bool // by newChunk: unmapped by release
}

// readBounded reads all of r, which NewInputReader bounds. A regular file
// given as r (stdin redirected from a file) is read into a buffer of its
// size at once, as ReadInputFile does, and a pipe in chunks.
func readBounded(r io.Reader, sizeHint int64) (*inputChunks, error) {
	in := &inputChunks{}
	if sizeHint > 0 {
		buf := make([]byte, 0, sizeHint+1)
		for {
			n, err := r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			if errors.Is(err, io.EOF) {
				in.add(buf, false)
				return in, nil
			}
			if err != nil {
				return nil, err
			}
			if len(buf) == cap(buf) {
				// The file grew while it was read: go on in chunks.
				in.add(buf, false)
				break
			}
		}
	}
	if err := in.readRest(r); err != nil {
		in.free()
		return nil, err
	}
	return in, nil
}

// readRest reads the rest of r in chunks after those held.
func (in *inputChunks) readRest(r io.Reader) error {
	size := firstChunkSize
	for {
		chunk, mapped := newChunk(size)
		n, err := io.ReadFull(r, chunk)
		if n > 0 {
			// chunk[:n] keeps the mapping's start and capacity, which
			// is what unmapping it takes.
			in.add(chunk[:n], mapped)
		} else if mapped {
			_ = freeChunk(chunk)
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil
		}
		if err != nil {
			return err
		}
		size = min(2*size, maxChunkSize)
	}
}

func (in *inputChunks) add(b []byte, mapped bool) {
	in.chunks = append(in.chunks, inputChunk{bytes: b, mapped: mapped})
	in.size += len(b)
}

// release lets go of chunk i, unmapping it if it is mapped; its bytes
// must have been copied on.
func (in *inputChunks) release(i int) {
	if c := in.chunks[i]; c.mapped {
		_ = freeChunk(c.bytes) // never twice: the reference is dropped below
	}
	in.chunks[i] = inputChunk{} // a chunk on the heap goes at the next collection
}

// free releases every chunk, for an input that is not used after all.
func (in *inputChunks) free() {
	for i := range in.chunks {
		in.release(i)
	}
}

// bytes joins the chunks into one buffer of the input's size, releasing
// each once it is copied; the chunks are used up.
func (in *inputChunks) bytes() []byte {
	if len(in.chunks) == 1 && !in.chunks[0].mapped {
		b := in.chunks[0].bytes
		in.chunks[0] = inputChunk{}
		return b
	}
	out := make([]byte, 0, in.size)
	for i, c := range in.chunks {
		out = append(out, c.bytes...)
		in.release(i)
	}
	return out
}

// text joins the chunks into a string of the input's size, as bytes does:
// converting bytes' buffer would copy the input once more.
func (in *inputChunks) text() string {
	var b strings.Builder
	b.Grow(in.size)
	for i, c := range in.chunks {
		b.Write(c.bytes)
		in.release(i)
	}
	return b.String()
}

// firstByte is the first byte that is not a space, tab or line end, or 0.
func (in *inputChunks) firstByte() byte {
	for _, c := range in.chunks {
		for _, b := range c.bytes {
			if b != ' ' && b != '\t' && b != '\r' && b != '\n' {
				return b
			}
		}
	}
	return 0
}

// reader reads the chunks in order, releasing each once it has been read
// through; the chunks are used up.
func (in *inputChunks) reader() io.Reader { return &chunkReader{in: in} }

type chunkReader struct {
	in   *inputChunks
	next int // the chunk being read
	at   int // how much of it was read
}

func (c *chunkReader) Read(p []byte) (int, error) {
	for c.next < len(c.in.chunks) {
		chunk := c.in.chunks[c.next].bytes
		n := copy(p, chunk[c.at:])
		c.at += n
		if c.at == len(chunk) {
			c.in.release(c.next)
			c.next, c.at = c.next+1, 0
		}
		if n > 0 || len(p) == 0 {
			return n, nil
		}
	}
	return 0, io.EOF
}

// regularFileSize is what is left to read of r when r is an open regular
// file (stdin redirected from one may have been read from already), else
// 0.
func regularFileSize(r io.Reader) int64 {
	f, ok := r.(*os.File)
	if !ok {
		return 0
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return 0
	}
	at, err := f.Seek(0, io.SeekCurrent)
	if err != nil || at > info.Size() {
		return 0
	}
	return info.Size() - at
}
