package loaders_test

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/loaders"
	"ctxlab/loaders/docs"
	"ctxlab/loaders/internal/loadertest"
)

// A pipe one byte over the limit is refused, with the limit named; one at
// the limit is read whole.
func TestReadInputRefusesAPipeOneByteOverTheLimit(t *testing.T) {
	const limit = 3<<20 + 12_345 // not a multiple of any buffer size
	defer loaders.SetMaxInputSize(limit)()
	over, closeOver := loadertest.PipeWith(t, bytes.Repeat([]byte("a"), limit+1))
	_, err := loaders.ReadInput("stdin", over)
	closeOver()
	want := "stdin: is larger than 3,158,073 bytes, the input size limit; raise it with --max-input-size if the input is meant to be this large"
	if err == nil || err.Error() != want {
		t.Fatalf("limit+1 bytes through a pipe: got %v, want %s", err, want)
	}

	// Exactly the limit, of whole characters (the text must be UTF-8),
	// across many reads.
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
	at, closeAt := loadertest.PipeWith(t, words)
	got, err := loaders.ReadInput("stdin", at)
	closeAt()
	if err != nil || !bytes.Equal(got, words) {
		t.Fatalf("%d bytes through a pipe at a limit of %d: %d bytes back, %v", len(words), limit, len(got), err)
	}
}

// stdin redirected from a regular file over the limit is refused from its
// size, before a byte is read; one within it comes back whole.
func TestReadInputSizesARedirectedFile(t *testing.T) {
	defer loaders.SetMaxInputSize(1000)()
	path := filepath.Join(t.TempDir(), "in.txt")
	for _, size := range []int{1000, 1001} {
		if err := os.WriteFile(path, bytes.Repeat([]byte("b"), size), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := loaders.ReadInput("stdin", f)
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
	defer loaders.SetMaxInputSize(1000)()
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
	if got, err := loaders.ReadInput("stdin", f); err != nil || len(got) != 900 {
		t.Fatalf("900 bytes left of 1,500 at a limit of 1,000: got %d bytes, %v", len(got), err)
	}
}

// A bad byte in a pipe is named by its line and offset however the
// chunks cut the pipe, and by every reader of stdin alike.
func TestAPipesBadByteIsNamedAcrossChunks(t *testing.T) {
	lines := strings.Repeat("a line of words\n", 8_192)
	text := lines + "é\xff"
	want := "stdin: line 8193: invalid UTF-8 at byte offset 131,074 (byte 0xff); expected UTF-8 text"
	for name, read := range map[string]func(*os.File) error{
		"bytes":  func(f *os.File) error { _, err := loaders.ReadInput("stdin", f); return err },
		"string": func(f *os.File) error { _, err := loaders.ReadInputString("stdin", f); return err },
		"docs":   func(f *os.File) error { _, _, err := docs.Load("-", f, docs.Options{}); return err },
	} {
		pipe, done := loadertest.PipeWith(t, []byte(text))
		err := read(pipe)
		done()
		if err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", name, err, want)
		}
	}
}

// ReadInputString gives what ReadInput gives, from a pipe and from a
// redirected file, and refuses the same inputs with the same words.
func TestReadInputStringIsReadInput(t *testing.T) {
	defer loaders.SetMaxInputSize(200_000)()
	path := filepath.Join(t.TempDir(), "in.txt")
	for _, text := range []string{
		strings.Repeat("été 漢字 word\n", 10_000),    // 170,000 bytes, many chunks
		strings.Repeat("été 漢字 word\n", 12_000),    // over the limit
		strings.Repeat("a line\n", 1_000) + "\x00", // a NUL on line 1,001
		"",
	} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, source := range []string{"pipe", "redirected file"} {
			open := func() (*os.File, func()) {
				if source == "pipe" {
					return loadertest.PipeWith(t, []byte(text))
				}
				f, err := os.Open(path)
				if err != nil {
					t.Fatal(err)
				}
				return f, func() { f.Close() }
			}
			f, done := open()
			want, wantErr := loaders.ReadInput("stdin", f)
			done()
			f, done = open()
			got, gotErr := loaders.ReadInputString("stdin", f)
			done()
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || (wantErr == nil && got != string(want)) {
				t.Errorf("%d bytes from a %s: %d bytes and %v, ReadInput gives %d and %v", len(text), source, len(got), gotErr, len(want), wantErr)
			}
		}
	}
}
