package tui

import (
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/core/diagnose"
)

// In the Diagnosis view, f on a finding previews the fixes for that
// finding first, and the finding says so; from another view f shows the
// request's best fix first.
func TestFixFromAFinding(t *testing.T) {
	m := newTestModel(t, "overflow", "mono", 160, 48)
	lost := -1
	for i, f := range m.eval.Findings {
		if f.Code == diagnose.CodeStrongDocLost {
			lost = i
		}
	}
	if lost < 0 {
		t.Fatal("the overflow sample has no strong-doc-lost finding")
	}
	m = keys(t, m, "d")
	for range lost {
		m = keys(t, m, "down")
	}
	text, _ := diagnosisContent(m.styles, m.eval, m.diagnosis, 150)
	if !strings.Contains(text, "fix: f previews the fixes for this finding first") {
		t.Errorf("the chosen finding does not say which key fixes it:\n%s", text)
	}
	m = keys(t, m, "f")
	if !m.fixes.open || m.fixes.fixes[0].Kind != core.FixBudgetBeforeReorder {
		t.Fatalf("f on the strong-documents finding: open %v, first %v", m.fixes.open, m.fixes.fixes)
	}
	if !strings.Contains(m.status.text, "for this finding") {
		t.Errorf("status %q", m.status.text)
	}
	m = keys(t, m, "esc", "1", "f")
	if m.fixes.fixes[0].Kind == core.FixBudgetBeforeReorder {
		t.Errorf("from the Documents view f still shows the finding's fix first")
	}
}

// The status line's count of documents that changed fate after a fix is
// the count its preview gave: one definition, core.ChangedDocuments.
func TestChangedCountMatchesThePreview(t *testing.T) {
	for _, scenario := range []string{"overflow", "support_chat"} {
		m := newTestModel(t, scenario, "mono", 160, 48)
		m = keys(t, m, "f")
		applied := -1
		for i, f := range m.fixes.fixes {
			if len(f.Preview.Documents) > 0 {
				applied = i
				break
			}
		}
		if applied < 0 {
			t.Fatalf("%s: no fix changes a document", scenario)
		}
		want := len(m.fixes.fixes[applied].Preview.Documents)
		m.fixes.index = applied
		m = keys(t, m, "enter")
		if len(m.changed) != want {
			t.Errorf("%s: %d documents marked changed after the fix, its preview said %d", scenario, len(m.changed), want)
		}
		if !strings.Contains(m.View(), "changed fate as sent") {
			t.Errorf("%s: the status line does not say which fates it counts", scenario)
		}
	}
}
