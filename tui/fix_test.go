package tui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"

	"ctxlab/core/fix"
	"ctxlab/core/window"
)

// On the overflowing sample: f previews the best fix as a diff, enter
// applies it and the request fits, e exports the settings in force, u
// undoes it.
func TestFixPreviewApplyExportUndo(t *testing.T) {
	t.Parallel()
	m := newTestModel(t, "overflow", "dark", 120, 40)
	if m.eval.Overflow == nil {
		t.Fatal("the overflow sample fits")
	}
	m = keys(t, m, "f")
	if !m.fixes.Open() || len(m.fixes.Fixes()) == 0 {
		t.Fatalf("no preview open after f: status %q", m.status.text)
	}
	// First the fix that changes nothing sent: the model's own window.
	if screen := m.View(); !strings.Contains(screen, "Fix 1 of") || !strings.Contains(screen, "Measure against gpt-4o's own 128,000-token window") {
		t.Errorf("the first fix is not the model's own window:\n%s", screen)
	}
	m = keys(t, m, "f")
	if m.fixes.Index() != 1 || !strings.Contains(m.View(), "Fix 2 of") {
		t.Errorf("f again does not show the next fix: index %d", m.fixes.Index())
	}
	screen := m.View()
	for _, want := range []string{"Drop tool result 2 (get_fulfillment_events), the largest tool result",
		"request 66,151 → 10,092 tokens of 14,000 max input · fits", "headless: --drop-item tool_result:2"} {
		if !strings.Contains(screen, want) {
			t.Errorf("preview lacks %q:\n%s", want, screen)
		}
	}
	kinds := make([]string, len(m.fixes.Fixes()))
	for i, f := range m.fixes.Fixes() {
		kinds[i] = f.Kind
	}
	// The fix that changes nothing sent, then those that make it fit;
	// then those for the findings about the retrieved documents, clearing
	// the most warnings first.
	if !slices.Equal(kinds, []string{fix.ModelWindow, fix.DropItem, fix.TruncateItem, fix.FitAllocations,
		fix.DedupPair, fix.BudgetBeforeReorder, fix.DedupPair, fix.DedupPair}) {
		t.Errorf("fixes %v", kinds)
	}
	for range len(m.fixes.Fixes()) - 1 {
		m = keys(t, m, "f")
	}
	if m.fixes.Index() != 0 {
		t.Errorf("the fixes do not cycle: index %d of %d", m.fixes.Index(), len(m.fixes.Fixes()))
	}
	m = keys(t, m, "f", "enter")
	if m.fixes.Open() || !slices.Equal(m.settings.DropItems, []string{"tool_result:2"}) || m.eval.Overflow != nil {
		t.Fatalf("after enter: open %v, dropped %v, overflow %v", m.fixes.Open(), m.settings.DropItems, m.eval.Overflow)
	}
	if !strings.Contains(m.status.text, "fix applied (--drop-item tool_result:2)") {
		t.Errorf("status %q", m.status.text)
	}

	m = keys(t, m, "e")
	matches, _ := filepath.Glob(filepath.Join(m.cfg.ExportDir, "*", "scenario.yaml"))
	if len(matches) != 1 {
		t.Fatalf("exported scenarios: %v", matches)
	}
	data, err := os.ReadFile(matches[0])
	if err != nil || !strings.Contains(string(data), "edits:") || !strings.Contains(string(data), "tool_result:2") {
		t.Errorf("the export does not carry the fix: %v\n%s", err, data)
	}

	m = keys(t, m, "u")
	if len(m.settings.DropItems) != 0 || m.eval.Overflow == nil || m.settings.Mode != window.MeasureOnly {
		t.Errorf("after u: dropped %v, overflow %v", m.settings.DropItems, m.eval.Overflow)
	}
	m = keys(t, m, "u")
	if m.status.text != "no fix to undo" {
		t.Errorf("a second u: status %q", m.status.text)
	}
}

// esc closes the preview without changing anything; the preview fits an
// 80×24 terminal.
func TestFixPreviewCloses(t *testing.T) {
	t.Parallel()
	m := newTestModel(t, "overflow", "dark", 80, 24)
	before := m.settings
	m = keys(t, m, "f")
	if !m.fixes.Open() {
		t.Fatal("no preview")
	}
	for i, line := range strings.Split(m.View(), "\n") {
		if w := lipgloss.Width(line); w > 80 {
			t.Errorf("line %d is %d cells wide: %q", i+1, w, line)
		}
	}
	m = keys(t, m, "esc")
	if m.fixes.Open() || m.settings.Mode != before.Mode || m.settings.Budget != before.Budget {
		t.Errorf("esc: open %v, settings changed", m.fixes.Open())
	}
}

// A request with nothing to fix says so and opens nothing.
func TestNoFixForAFittingRequest(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m.eval.Findings = nil
	m = keys(t, m, "f")
	if m.fixes.Open() && len(m.fixes.Fixes()) == 0 {
		t.Error("an empty preview opened")
	}
}
