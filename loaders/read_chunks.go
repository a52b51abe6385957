package loaders

import (
	"errors"
	"io"
	"os"
)

// Chunk sizes for reading an input of unknown length: small first, so a
// short pipe costs little, then larger, so a long one takes few reads.
const (
	firstChunkSize = 64 << 10
	maxChunkSize   = 8 << 20
)

// readBounded reads all of r, which NewInputReader bounds, without the
// growing buffer io.ReadAll uses: that one is copied into one 1.25 times
// larger each time it fills, so a pipe refused at the size limit had held
// up to twice the limit by then. Here the bytes are kept in chunks that
// are never copied while reading, so a refused pipe peaks near the limit;
// an accepted one is joined once, into a buffer of its exact size. A
// regular file given as r (stdin redirected from a file) is read into a
// buffer of its size at once, as ReadInputFile does.
func readBounded(r io.Reader, sizeHint int64) ([]byte, error) {
	if sizeHint > 0 {
		buf := make([]byte, 0, sizeHint+1)
		for {
			n, err := r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			if errors.Is(err, io.EOF) {
				return buf, nil
			}
			if err != nil {
				return buf, err
			}
			if len(buf) == cap(buf) {
				// The file grew while it was read: go on in chunks.
				return readChunks(r, [][]byte{buf})
			}
		}
	}
	return readChunks(r, nil)
}

// readChunks reads the rest of r in chunks after those given, then joins
// them.
func readChunks(r io.Reader, chunks [][]byte) ([]byte, error) {
	size := firstChunkSize
	total := 0
	for _, c := range chunks {
		total += len(c)
	}
	for {
		chunk := make([]byte, size)
		n, err := io.ReadFull(r, chunk)
		if n > 0 {
			chunks = append(chunks, chunk[:n])
			total += n
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		size = min(2*size, maxChunkSize)
	}
	if len(chunks) == 1 {
		return chunks[0], nil
	}
	out := make([]byte, 0, total)
	for i, c := range chunks {
		out = append(out, c...)
		chunks[i] = nil // the collector may take it as soon as it runs
	}
	return out, nil
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
