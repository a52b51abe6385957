package loaders

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// A pipe spooled to a temporary file can be read from it whole, again
// and again, while the file has no name in the temporary directory; the
// pipe's chunks are let go of once written.
func TestSpooledPipeHasNoNameAndReadsAgain(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	text := "- content: a\n  score: 0.5\n- content: b\n"
	in := &inputChunks{}
	in.add([]byte(text[:10]), false)
	in.add([]byte(text[10:]), false)
	spooled, done, ok := spoolPipe(in)
	if !ok {
		t.Fatal("the pipe was not spooled")
	}
	defer done()
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		t.Fatalf("the spool is named in the temporary directory: %s", entries[0].Name())
	}
	if in.chunks[0].bytes != nil || in.chunks[1].bytes != nil {
		t.Fatal("the pipe's chunks are still held after spooling")
	}
	for range 2 {
		data, err := spooled.readAll()
		if err != nil || string(data) != text {
			t.Fatalf("the spool reads %q, %v; want the pipe's %q", data, err, text)
		}
	}
}

// With no temporary directory to write to, a pipe that would be spooled
// is read from memory as before: the same documents, and no error.
func TestPipeIsReadFromMemoryWhenItCannotBeSpooled(t *testing.T) {
	defer func(spool int) { spoolMinBytes = spool }(spoolMinBytes)
	spoolMinBytes = 0
	text := "- content: a\n  score: 0.5\n- content: b\n"
	want, wantFormat, err := ParseDocuments("stdin", []byte(text), FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	for _, tmp := range []string{t.TempDir(), filepath.Join(t.TempDir(), "missing")} {
		t.Setenv("TMPDIR", tmp)
		pipe, closePipe := pipeWith(t, []byte(text))
		got, format, err := LoadDocuments("-", pipe, DocOptions{})
		closePipe()
		if err != nil || format != wantFormat || !reflect.DeepEqual(got, want) {
			t.Fatalf("TMPDIR %s: %d documents as %s, %v; want %d as %s", tmp, len(got), format, err, len(want), wantFormat)
		}
		if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
			t.Fatalf("TMPDIR %s: the spool was left behind: %s", tmp, entries[0].Name())
		}
	}
}
