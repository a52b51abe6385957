//go:build e2e

package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// syncBuffer is a buffer a process writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor waits until cond holds of the output, failing at the deadline.
func waitFor(t *testing.T, what string, out, errs *syncBuffer, cond func(stdout, stderr string) bool) {
	t.Helper()
	deadline := time.Now().Add(screenDeadline)
	for !cond(out.String(), errs.String()) {
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: stdout:\n%.3000s\nstderr:\n%s", what, out.String(), errs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestWatchReportsAgainOnChange runs build --watch on a document file,
// replaces the file with fewer documents, saves it half-written, then
// whole again: each good save reports again with what changed marked,
// the half-written one prints its error and the watch goes on, and an
// interrupt ends it with status 0.
func TestWatchReportsAgainOnChange(t *testing.T) {
	full, err := os.ReadFile("sample/docs/support_kb.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(full), "\n")
	docs := filepath.Join(t.TempDir(), "docs.jsonl")
	if err := os.WriteFile(docs, full, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs syncBuffer
	cmd := exec.Command(ctxlabBin, "build", "--docs", docs, "--watch")
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() { cmd.Process.Kill() })
	waitFor(t, "the first report and the watch", &out, &errs, func(o, e string) bool {
		return strings.Contains(o, "· 60 documents ·") && strings.Contains(e, "watching 1 file")
	})

	// Saved by replacing, as editors do.
	tmp := docs + ".new"
	os.WriteFile(tmp, []byte(strings.Join(lines[:20], "")), 0o644)
	if err := os.Rename(tmp, docs); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the report of 20 documents", &out, &errs, func(o, e string) bool {
		return strings.Contains(o, "changed: ") && strings.Contains(o, "· 20 documents ·") && strings.Contains(o, "── changed since the last run:")
	})

	os.WriteFile(docs, []byte(`{"content": "half`), 0o644)
	waitFor(t, "the half-written file's error", &out, &errs, func(o, e string) bool {
		return strings.Contains(e, "docs.jsonl: line 1") && strings.Contains(e, "fix them and save")
	})

	os.WriteFile(docs, []byte(strings.Join(lines[:30], "")), 0o644)
	waitFor(t, "the report of 30 documents", &out, &errs, func(o, e string) bool {
		return strings.Contains(o, "· 30 documents ·")
	})

	cmd.Process.Signal(syscall.SIGINT)
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("the watch ended with %v, expected status 0 on an interrupt", err)
		}
	case <-time.After(screenDeadline):
		t.Fatal("the watch did not end on an interrupt")
	}
}

// TestWatchRefusesABadStart: a first run that fails (a missing file)
// is an error at once, not a watch.
func TestWatchRefusesABadStart(t *testing.T) {
	_, stderr, code := run(t, "", "assemble", "--scenario", filepath.Join(t.TempDir(), "missing.yaml"), "--watch")
	if code != 1 || !strings.Contains(stderr, "missing.yaml") || strings.Contains(stderr, "watching") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
