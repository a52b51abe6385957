package loaders

import (
	"bytes"
	"io"
	"testing"
)

// BenchmarkInputReader reads 64 MiB of text through the input checks.
func BenchmarkInputReader(b *testing.B) {
	line := bytes.Repeat([]byte("a line of text, ü 漢\n"), 1<<12)
	b.SetBytes(64 << 20)
	for range b.N {
		r := NewInputReader("x", io.LimitReader(&repeatReader{data: line}, 64<<20))
		if _, err := io.Copy(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}

// repeatReader repeats data without end.
type repeatReader struct {
	data []byte
	at   int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	n := copy(p, r.data[r.at:])
	r.at = (r.at + n) % len(r.data)
	return n, nil
}
