package tui

import (
	"strings"
	"testing"
)

// After u, the status says which fix was undone and how many documents
// it returned, in place of the count the fix left.
func TestUndoReplacesTheFixStatus(t *testing.T) {
	t.Parallel()
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	m = keys(t, m, "f")
	applied := -1
	for i, f := range m.fixes.Fixes() {
		if len(f.Preview.Documents) > 0 {
			applied = i
			break
		}
	}
	if applied < 0 {
		t.Fatal("no fix changes a document")
	}
	flags := strings.Join(m.fixes.Fixes()[applied].Flags, " ")
	moved := len(m.fixes.Fixes()[applied].Preview.Documents)
	for range applied {
		m = keys(t, m, "f")
	}
	m = keys(t, m, "enter")
	if !strings.Contains(m.status.text, "changed fate") {
		t.Fatalf("after the fix, status %q", m.status.text)
	}
	m = keys(t, m, "u")
	if strings.Contains(m.status.text, "changed fate") || !strings.Contains(m.status.text, "fix undone ("+flags+")") {
		t.Errorf("after u, status %q", m.status.text)
	}
	if len(m.changed) != moved || !strings.Contains(m.status.text, "back to") {
		t.Errorf("after u: %d marked, the fix moved %d; status %q", len(m.changed), moved, m.status.text)
	}
}
