package loaders

// Helpers the tests of every loader share: the error contract, fuzz seeds,
// the bundled sample and corpus, and pipes standing in for stdin.

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"ctxlab/internal/testcorpus"
)

// assertOneLineError checks the contract every loader error keeps: a
// *Error whose message is one line with no control characters.
func assertOneLineError(t *testing.T, err error) {
	t.Helper()
	var loadErr *Error
	if !errors.As(err, &loadErr) {
		t.Errorf("error %q is a %T, not a *loaders.Error", err, err)
	}
	for _, r := range err.Error() {
		if isControl(r) {
			t.Errorf("error contains control character %U: %q", r, err.Error())
			break
		}
	}
}

// isControl is a character no error message may carry: C0, DEL and C1.
func isControl(r rune) bool {
	return r < 0x20 || (r >= 0x7f && r < 0xa0)
}

// addFileSeed adds a real file's bytes, followed by the target's other
// arguments, as a seed.
func addFileSeed(f *testing.F, path string, args ...any) {
	f.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(append([]any{data}, args...)...)
}

// checkFuzzError holds every error to the loader contract: a *Error that
// prints as one line without control characters.
func checkFuzzError(t *testing.T, err error) {
	t.Helper()
	var loadErr *Error
	if !errors.As(err, &loadErr) {
		t.Errorf("error is a %T, not *Error: %v", err, err)
	}
	msg := err.Error()
	if !utf8.ValidString(msg) {
		t.Errorf("error is not valid UTF-8: %q", msg)
	}
	for _, r := range msg {
		if isControl(r) {
			t.Errorf("error contains control character %U: %q", r, msg)
			break
		}
	}
}

// sampleDir is the bundled sample (sample/), real input beside the
// recorded corpus.
var sampleDir = filepath.Join("..", "sample")

// addFileSeeds adds the files at rels (relative to dir) as seeds.
func addFileSeeds(f *testing.F, dir string, rels ...string) {
	f.Helper()
	for _, rel := range rels {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

func writeFuzzFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// corpusDir holds the corpus files (internal/testcorpus).
var corpusDir = testcorpus.Dir()

// corpusFile is a corpus file's path (see internal/testcorpus), failing
// the test when it is missing.
func corpusFile(t *testing.T, rel string) string {
	t.Helper()
	path := testcorpus.Path(rel)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("corpus file %s: %v", path, err)
	}
	return path
}

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

// fifoWritingOnce is a FIFO (as `<(...)` gives) whose writer writes data
// once; after that, a reader that opens it again meets a writer that
// writes nothing (and so reads an empty input) rather than waiting for
// ever. done stops the writer. The test is skipped where there are no
// FIFOs.
func fifoWritingOnce(t *testing.T, data []byte) (fifo string, done func()) {
	t.Helper()
	fifo = filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	stop := make(chan struct{})
	go func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			_, _ = f.Write(data)
			_ = f.Close()
		}
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
			if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				_ = f.Close()
			}
		}
	}()
	return fifo, func() { close(stop) }
}

// evalFiles writes the named files into a temporary folder and returns
// their paths by name.
func evalFiles(t *testing.T, contents map[string]string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	paths := map[string]string{}
	for name, text := range contents {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		paths[name] = path
	}
	return paths
}

func writeJSON(t *testing.T, b *strings.Builder, v any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	b.Write(data)
}
