package loaders

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pipeWith writes data into a real pipe from another goroutine, as a shell
// does for `producer | ctxlab`, and returns the read end and a function
// that closes it and waits for the writer.
func pipeWith(t *testing.T, data []byte) (*os.File, func()) {
	t.Helper()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		pw.Write(data) // fails once the reader gave up and closed its end
		pw.Close()
	}()
	return pr, func() { pr.Close(); <-done }
}

// A pipe one byte over the limit is refused, with the limit named; one at
// the limit is read whole. The pipe is read in chunks, never in a buffer
// grown by copying, which is what keeps a refused pipe's peak near the
// limit (measured by hand for the README).
func TestReadInputRefusesAPipeOneByteOverTheLimit(t *testing.T) {
	const limit = 3<<20 + 12_345 // not a multiple of any chunk size
	defer SetMaxInputSize(limit)()
	over, closeOver := pipeWith(t, bytes.Repeat([]byte("a"), limit+1))
	_, err := ReadInput("stdin", over)
	closeOver()
	want := "stdin: is larger than 3,158,073 bytes, the input size limit; raise it with --max-input-size if the input is meant to be this large"
	if err == nil || err.Error() != want {
		t.Fatalf("limit+1 bytes through a pipe: got %v, want %s", err, want)
	}

	// Exactly the limit, of whole characters (the text must be UTF-8),
	// across many chunk boundaries.
	pieces := []string{"été", " ", "word", "\n", "\t", "漢字"}
	words := make([]byte, 0, limit)
	rng := rand.New(rand.NewPCG(1, 2))
	for {
		piece := pieces[rng.IntN(len(pieces))]
		if len(words)+len(piece) > limit {
			break
		}
		words = append(words, piece...)
	}
	words = append(words, strings.Repeat("x", limit-len(words))...)
	at, closeAt := pipeWith(t, words)
	got, err := ReadInput("stdin", at)
	closeAt()
	if err != nil || !bytes.Equal(got, words) {
		t.Fatalf("%d bytes through a pipe at a limit of %d: %d bytes back, %v", len(words), limit, len(got), err)
	}
}

// stdin redirected from a regular file over the limit is refused from its
// size, before a byte is read; one within it comes back whole.
func TestReadInputSizesARedirectedFile(t *testing.T) {
	defer SetMaxInputSize(1000)()
	path := filepath.Join(t.TempDir(), "in.txt")
	for _, size := range []int{1000, 1001} {
		if err := os.WriteFile(path, bytes.Repeat([]byte("b"), size), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ReadInput("stdin", f)
		offset, _ := f.Seek(0, io.SeekCurrent)
		f.Close()
		switch {
		case size == 1000 && (err != nil || len(got) != size):
			t.Errorf("%d bytes at a limit of 1000: got %d bytes, %v", size, len(got), err)
		case size == 1001 && (err == nil || offset != 0):
			t.Errorf("%d bytes at a limit of 1000: error %v after reading %d bytes; want a refusal before reading", size, err, offset)
		}
	}
}

// A redirected file read from already is sized by what is left of it.
func TestReadInputSizesWhatIsLeftOfAFile(t *testing.T) {
	defer SetMaxInputSize(1000)()
	path := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(path, bytes.Repeat([]byte("c"), 1500), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Seek(600, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadInput("stdin", f); err != nil || len(got) != 900 {
		t.Fatalf("900 bytes left of 1,500 at a limit of 1,000: got %d bytes, %v", len(got), err)
	}
}
