package loadertest

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"ctxlab/internal/testcorpus"
	"ctxlab/loaders"
)

// AssertOneLineError checks the contract every loader error keeps: a
// *Error whose message is one line with no control characters.
func AssertOneLineError(t *testing.T, err error) {
	t.Helper()
	var loadErr *loaders.Error
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

// AddFileSeed adds a real file's bytes, followed by the target's other
// arguments, as a seed.
func AddFileSeed(f *testing.F, path string, args ...any) {
	f.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(append([]any{data}, args...)...)
}

// CheckFuzzError holds every error to the loader contract: a *Error that
// prints as one line without control characters.
func CheckFuzzError(t *testing.T, err error) {
	t.Helper()
	var loadErr *loaders.Error
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

// SampleDir is the bundled sample (sample/), real input beside the
// recorded corpus, relative to a loader's package folder (loaders/<room>),
// where its tests run.
var SampleDir = filepath.Join("..", "..", "sample")

// AddFileSeeds adds the files at rels (relative to dir) as seeds.
func AddFileSeeds(f *testing.F, dir string, rels ...string) {
	f.Helper()
	for _, rel := range rels {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

func WriteFuzzFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// CorpusDir holds the corpus files (internal/testcorpus).
var CorpusDir = testcorpus.Dir()

// CorpusFile is a corpus file's path (see internal/testcorpus), failing
// the test when it is missing.
func CorpusFile(t *testing.T, rel string) string {
	t.Helper()
	path := testcorpus.Path(rel)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("corpus file %s: %v", path, err)
	}
	return path
}

// PipeWith writes data into a real pipe from another goroutine, as a shell
// does for `producer | ctxlab`, and returns the read end and a function
// that closes it and waits for the writer.
func PipeWith(t *testing.T, data []byte) (*os.File, func()) {
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

// EvalFiles writes the named files into a temporary folder and returns
// their paths by name.
func EvalFiles(t *testing.T, contents map[string]string) map[string]string {
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

func WriteJSON(t *testing.T, b *strings.Builder, v any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	b.Write(data)
}
