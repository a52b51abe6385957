package loaders

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"ctxlab/internal/alloctest"
)

// chunkedReader returns its data in the chunk sizes given, then the rest.
type chunkedReader struct {
	data  []byte
	sizes []int
}

func (r *chunkedReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := len(r.data)
	if len(r.sizes) > 0 {
		n, r.sizes = min(n, r.sizes[0]), r.sizes[1:]
	}
	n = copy(p[:min(len(p), n)], r.data[:n])
	r.data = r.data[n:]
	return n, nil
}

// checked reads data through an inputReader in the chunks given and
// returns what it reported.
func checked(data []byte, sizes []int) string {
	in := NewInputReader("x", &chunkedReader{data: data, sizes: sizes})
	_, err := io.Copy(io.Discard, struct{ io.Reader }{in})
	return fmt.Sprint(err)
}

// TestInputCheckedInAnyChunks: however the reads cut the input (inside a
// character included), the check reports what it reports read whole:
// the same error at the same offset and line, or none.
func TestInputCheckedInAnyChunks(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 6))
	pieces := []string{"a", "\n", "é", "漢", "🙂", "\x00", "\xff", "\xe6\xbc", "\xf0\x9f", "\x80", "\xed\xa0\x80"}
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		data := []byte(b.String())
		want := checked(data, nil)
		sizes := make([]int, rng.IntN(6))
		for i := range sizes {
			sizes[i] = 1 + rng.IntN(4)
		}
		if got := checked(data, sizes); got != want {
			t.Fatalf("%q in chunks %v: %s, read whole: %s", data, sizes, got, want)
		}
	}
}

// TestInputCheckCopiesNoLongRead: a long read that starts by completing
// a character the read before cut is checked where it lies; it was
// copied whole behind the cut character.
func TestInputCheckCopiesNoLongRead(t *testing.T) {
	data := []byte(strings.Repeat("漢", 1<<20))
	// A reader for each measurement, its character cut by a first read;
	// a copy of the second read would add 3 MB.
	readers := make([]*inputReader, 5)
	for i := range readers {
		readers[i] = &inputReader{name: "x", limit: 1 << 30, line: 1}
		if err := readers[i].check(data[:1]); err != nil {
			t.Fatal(err)
		}
	}
	var in *inputReader
	var err error
	least := alloctest.Least(1024, func() {
		in, readers = readers[0], readers[1:]
		err = in.check(data[1:])
	})
	if err != nil || in.offset != int64(len(data)) || len(in.pending) != 0 {
		t.Fatalf("err %v, offset %d of %d, %d pending", err, in.offset, len(data), len(in.pending))
	}
	if least > 1024 {
		t.Errorf("checking a %d-byte read allocated %d bytes", len(data)-1, least)
	}
}
