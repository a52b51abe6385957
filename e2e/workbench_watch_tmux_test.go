//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWorkbenchWatchInTmux opens the workbench with --watch on a
// document file, saves it half-written, then with 20 of its documents
// and a new one: the half-written save shows its error in the status
// line and the workbench goes on; the good save shows the new funnel and
// says what came and went.
func TestWorkbenchWatchInTmux(t *testing.T) {
	t.Parallel()
	full, err := os.ReadFile("sample/docs/support_kb.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs.jsonl")
	if err := os.WriteFile(docs, full, 0o644); err != nil {
		t.Fatal(err)
	}
	s := startTmuxCommand(t, 140, 40, "sh -c 'cd "+dir+" && exec "+ctxlabBin+" --docs docs.jsonl --watch'")
	s.waitFor("Input 60 ─►")

	save := func(data string) {
		t.Helper()
		tmp := docs + ".new"
		if err := os.WriteFile(tmp, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, docs); err != nil {
			t.Fatal(err)
		}
	}
	save(string(full[:3000]))
	s.waitFor("cannot load docs.jsonl: line 5", "Input 60 ─►")

	lines := strings.SplitAfter(string(full), "\n")
	save(strings.Join(lines[:20], "") + `{"source":"new.md","content":"Refunds: 60 days.","score":0.9}` + "\n")
	s.waitFor("Input 21 ─►", "docs.jsonl changed: 1 document came, 40 went")
	if !s.alive() {
		t.Fatal("the workbench ended")
	}
}
