package cli

import (
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"

	"ctxlab/internal/memlimit"
	"ctxlab/loaders"
)

// TestLimitMemoryForInputFromTheFileSize: before loading, the binary's
// commands set the limit from a named file's size, and from a pipe's
// once the loader reports it; a directory, stdin before it is read, a
// shared process and a user's GOMEMLIMIT leave it alone. Not parallel:
// the limit is the process's.
func TestLimitMemoryForInputFromTheFileSize(t *testing.T) {
	before := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	dir := t.TempDir()
	file := filepath.Join(dir, "docs.csv")
	if err := os.WriteFile(file, []byte("content\nhello\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	noEnv := func(string) string { return "" }
	userLimit := func(key string) string {
		if key == memlimit.EnvVar {
			return "3GiB"
		}
		return ""
	}
	own := Env{Getenv: noEnv, SetsMemoryLimit: true}
	cases := []struct {
		name string
		env  Env
		path string
		want int64
	}{
		{"a file, in its own process", own, file, memlimit.For(14, 0)},
		{"a directory", own, dir, math.MaxInt64},
		{"stdin, before it is read", own, "-", math.MaxInt64},
		{"a missing file", own, filepath.Join(dir, "none"), math.MaxInt64},
		{"a shared process", Env{Getenv: noEnv}, file, math.MaxInt64},
		{"a user's GOMEMLIMIT", Env{Getenv: userLimit, SetsMemoryLimit: true}, file, math.MaxInt64},
	}
	for _, c := range cases {
		debug.SetMemoryLimit(math.MaxInt64)
		limitMemoryForInput(c.env, c.path)
		if got := debug.SetMemoryLimit(-1); got != c.want {
			t.Errorf("%s: the limit is %d, want %d", c.name, got, c.want)
		}
	}

	// A history or request file beside the documents counts at the
	// messages' rate; stdin counts nothing before it is read.
	debug.SetMemoryLimit(math.MaxInt64)
	limitMemoryForConversationInput(own, file, file)
	if got, want := debug.SetMemoryLimit(-1), memlimit.ForConversation(14, 0, 14); got != want {
		t.Errorf("documents and a history: the limit is %d, want %d", got, want)
	}
	debug.SetMemoryLimit(math.MaxInt64)
	limitMemoryForConversationInput(own, "", "-")
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("a request on stdin, before it is read: the limit is %d, want none", got)
	}

	debug.SetMemoryLimit(math.MaxInt64)
	if requestInputRead(Env{Getenv: noEnv}) != nil {
		t.Error("a shared process is given a report of the request's size; want none")
	}
	requestInputRead(own)(1 << 20)
	if got, want := debug.SetMemoryLimit(-1), memlimit.ForConversation(0, 0, 1<<20); got != want {
		t.Errorf("a piped request of 1 MiB: the limit is %d, want %d", got, want)
	}

	debug.SetMemoryLimit(math.MaxInt64)
	if docInputRead(Env{Getenv: noEnv}) != nil {
		t.Error("a shared process is given a report of the pipe's size; want none")
	}
	docInputRead(own)(1 << 20)
	if got, want := debug.SetMemoryLimit(-1), memlimit.For(1<<20, 0); got != want {
		t.Errorf("a pipe of 1 MiB: the limit is %d, want %d", got, want)
	}
}

// TestLimitMemoryForEvalFromItsFiles: eval's limit is from the sizes of
// every file it reads, added; in a shared process it sets none.
func TestLimitMemoryForEvalFromItsFiles(t *testing.T) {
	before := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	dir := t.TempDir()
	run, qrels := filepath.Join(dir, "run.txt"), filepath.Join(dir, "qrels.tsv")
	for path, text := range map[string]string{run: "q1 Q0 d1 1 2.5 bm25\n", qrels: "q1 0 d1 1\n"} {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	files := loaders.EvalFiles{Run: run, Corpus: filepath.Join(dir, "missing.jsonl"), Qrels: qrels}
	limitMemoryForEval(Env{Getenv: func(string) string { return "" }}, files)
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("a shared process: the limit is %d, want none", got)
	}
	limitMemoryForEval(Env{Getenv: func(string) string { return "" }, SetsMemoryLimit: true}, files)
	if got, want := debug.SetMemoryLimit(-1), memlimit.ForEval(20+10); got != want {
		t.Errorf("its own process: the limit is %d, want %d", got, want)
	}
}
