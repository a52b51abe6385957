package tui

import (
	"strings"
	"testing"

	"ctxlab/core/diagnose"
	"ctxlab/core/fix"
	"ctxlab/tui/diagnosis"
)

// In the Diagnosis view, f on a finding previews the fixes for that
// finding first, and the finding says so; from another view f shows the
// request's best fix first.
func TestFixFromAFinding(t *testing.T) {
	t.Parallel()
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
	text, _ := diagnosis.Content(m.styles, m.eval, m.diagnosis, 150)
	if !strings.Contains(text, "fix: f previews the fixes for this finding first") {
		t.Errorf("the chosen finding does not say which key fixes it:\n%s", text)
	}
	m = keys(t, m, "f")
	if !m.fixes.Open() || !m.fixes.Fixes()[0].Preview.Clears(m.eval.Findings[lost]) {
		t.Fatalf("f on the strong-documents finding: open %v, the first does not clear it: %v", m.fixes.Open(), m.fixes.Fixes()[0].Description)
	}
	if !strings.Contains(m.status.text, "for this finding") {
		t.Errorf("status %q", m.status.text)
	}
	first := m.fixes.Fixes()[0].Kind
	m = keys(t, m, "esc", "1", "f")
	if m.fixes.Fixes()[0].Kind == first {
		t.Errorf("from the Documents view f still shows the finding's fix first")
	}
}

// The status line's count of documents that changed fate after a fix is
// the count its preview gave: one definition, core.ChangedDocuments.
func TestChangedCountMatchesThePreview(t *testing.T) {
	t.Parallel()
	for _, scenario := range []string{"overflow", "support_chat"} {
		m := newTestModel(t, scenario, "mono", 160, 48)
		m = keys(t, m, "f")
		applied := -1
		for i, f := range m.fixes.Fixes() {
			if len(f.Preview.Documents) > 0 {
				applied = i
				break
			}
		}
		if applied < 0 {
			t.Fatalf("%s: no fix changes a document", scenario)
		}
		want := len(m.fixes.Fixes()[applied].Preview.Documents)
		for range applied {
			m = keys(t, m, "f")
		}
		m = keys(t, m, "enter")
		if len(m.changed) != want {
			t.Errorf("%s: %d documents marked changed after the fix, its preview said %d", scenario, len(m.changed), want)
		}
		if !strings.Contains(m.View(), "changed fate as sent") {
			t.Errorf("%s: the status line does not say which rows.Fates it counts", scenario)
		}
	}
}

// On the bundled sample, f on the headline finding (the current refund
// policy dropped while its archived copy is sent) previews first the fix
// that removes the copy as a near duplicate and sends the policy, and the
// preview lists the findings that go away; the next fix, which sends both
// policies, shows the contradiction as a new warning.
func TestFixPreviewListsTheFindingsItChanges(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	if m.eval.Findings[0].Code != diagnose.CodeWeakerCopySent {
		t.Fatalf("the headline finding is %s", m.eval.Findings[0].Code)
	}
	m = keys(t, m, "d", "f")
	if !m.fixes.Open() || m.fixes.Fixes()[0].Kind != fix.DedupPair {
		t.Fatalf("open %v, first %v", m.fixes.Open(), m.fixes.Fixes())
	}
	screen := m.View()
	for _, want := range []string{"headless: --dedup-threshold 0.72 --budget-before-reorder --budget-mode strict",
		"findings go away: weaker-copy-sent about #15, #34"} {
		if !strings.Contains(screen, want) {
			t.Errorf("preview lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "new warning: #34") {
		t.Errorf("the fix that removes #34 says it sends it:\n%s", screen)
	}
	for i := 1; i < len(m.fixes.Fixes()) && m.fixes.Fixes()[m.fixes.Index()].Kind != fix.BudgetBeforeReorder; i++ {
		m = keys(t, m, "f")
	}
	screen = m.View()
	if !strings.Contains(screen, "new warning: #34 kb/archive/2025/refund-policy-v3.md and #15") {
		t.Errorf("budgeting first sends both policies and the preview does not say so:\n%s", screen)
	}
}

// Two similar texts both sent that state different facts have a fix of
// their own: the Diagnosis view says so, and f previews the dedup
// threshold that keeps the stronger first.
func TestConflictSentHasAFix(t *testing.T) {
	t.Parallel()
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	m = keys(t, m, "c")
	m.controls.SelectID("rag")
	m = keys(t, m, "enter", "ctrl+u")
	m = typeText(t, m, "7042")
	m = keys(t, m, "enter", "esc", "d")
	conflict := findingIndex(t, m, diagnose.CodeConflictingTextsSent)
	m = chooseFinding(t, m, conflict)
	text, _ := diagnosis.Content(m.styles, m.eval, m.diagnosis, 150)
	if !strings.Contains(text, "fix: f previews the fixes for this finding first") {
		t.Errorf("the conflict does not say a fix exists:\n%s", text)
	}
	m = keys(t, m, "f")
	if !m.fixes.Open() || m.fixes.Fixes()[0].Kind != fix.DedupPair || !m.fixes.Fixes()[0].Preview.Clears(m.eval.Findings[conflict]) {
		t.Fatalf("f on the conflict: open %v, first %+v", m.fixes.Open(), m.fixes.Fixes())
	}
}
