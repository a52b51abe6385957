package tui

import (
	"os"
	"strings"
	"testing"
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
