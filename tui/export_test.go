package tui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"ctxlab/internal/racetest"
	"ctxlab/tui/export"
)

// TestExportWritesNothingInUpdate: the key only returns the command; the
// directory appears when the command runs, and a second export in the
// same second gets a directory of its own.
func TestExportWritesNothingInUpdate(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	_, cmd := m.Update(keyMsg("e"))
	entries, err := os.ReadDir(m.cfg.ExportDir)
	if err != nil || len(entries) != 0 {
		t.Fatalf("Update wrote %d entries before its command ran (%v)", len(entries), err)
	}
	m = settle(t, m, cmd)
	m = keys(t, m, "e")
	if !strings.Contains(m.status.text, "ctxlab-export-20261129-120000-2/") {
		t.Errorf("the second export's status: %q", m.status.text)
	}
	entries, _ = os.ReadDir(m.cfg.ExportDir)
	if len(entries) != 2 {
		t.Errorf("two exports made %d directories", len(entries))
	}
}

// TestExportThreeTimesMakesThreeFolders: e e e in one second gives the
// folder, then -2 and -3, each with every file.
func TestExportThreeTimesMakesThreeFolders(t *testing.T) {
	t.Parallel()
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m = keys(t, m, "e", "e", "e")
	if !strings.Contains(m.status.text, "ctxlab-export-20261129-120000-3/") {
		t.Errorf("the third export's status: %q", m.status.text)
	}
	assertExportFolders(t, m.cfg.ExportDir, 3)
}

// TestConcurrentExportsLoseNothing: 40 exports at once, as from 40
// workbenches started in the same second, give 40 folders of complete
// files.
func TestConcurrentExportsLoseNothing(t *testing.T) {
	t.Parallel()
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	// Under -race, a third as many: still several to a core, racing
	// for the same folder name.
	exports := racetest.Cut(40, 3)
	statuses := make([]string, exports)
	var wg sync.WaitGroup
	for i := range exports {
		job := m.exportJob()
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = export.Write(job)
		}()
	}
	wg.Wait()
	seen := map[string]bool{}
	for _, s := range statuses {
		if !strings.HasPrefix(s, "exported to ") || seen[s] {
			t.Errorf("status %q (empty, failed or told twice)", s)
		}
		seen[s] = true
	}
	assertExportFolders(t, m.cfg.ExportDir, exports)
}

// assertExportFolders checks that dir holds n export folders, each with
// its three files whole and no temporary file left behind.
func assertExportFolders(t *testing.T, dir string, n int) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != n {
		t.Fatalf("%d exports made %d folders (%v)", n, len(entries), err)
	}
	for _, e := range entries {
		files, err := os.ReadDir(filepath.Join(dir, e.Name()))
		if err != nil || len(files) != 3 {
			t.Errorf("%s holds %d files (%v), want messages.json, scenario.yaml, report.txt", e.Name(), len(files), err)
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name(), "messages.json"))
		if err != nil || !json.Valid(data) {
			t.Errorf("%s/messages.json is not whole JSON (%v)", e.Name(), err)
		}
	}
}

// TestCopySendsPlainText: a context block carrying escape sequences,
// carriage returns and backspaces reaches the clipboard without them, and
// the footer says how many were left out.
func TestCopySendsPlainText(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	var copied string
	m.cfg.Clipboard = func(s string) error { copied = s; return nil }
	hostile := "Refunds \x1b]52;c;ZXZpbA==\x07take\r five\x08 days \x1b[2J\u009b31m."
	m.eval.Build.ContextBlock = hostile
	if m.eval.RAGBlock() != hostile {
		t.Fatal("the RAG block is not the build's context block here")
	}
	m = keys(t, m, "y")
	if copied != "Refunds take five days ." {
		t.Errorf("copied %q", copied)
	}
	if !strings.Contains(m.status.text, "5 control sequences and characters left out") {
		t.Errorf("status %q", m.status.text)
	}
	m.cfg.Clipboard = nil
	m = keys(t, m, "y")
	if m.status.text != "no terminal to send the clipboard sequence to: nothing copied" {
		t.Errorf("without a terminal: %q", m.status.text)
	}
}
