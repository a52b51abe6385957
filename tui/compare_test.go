package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// comparedModel pins the sample's settings as the baseline, then lowers
// the retrieved-context allocation to 300 tokens and opens view v.
func comparedModel(t *testing.T, theme string, width, height int) Model {
	t.Helper()
	m := newTestModel(t, "support_chat", theme, width, height)
	m = keys(t, m, "p", "c")
	m.controls.SelectID("rag")
	m = keys(t, m, "enter")
	m.controls.SetInput("")
	m = typeText(t, m, "300")
	return keys(t, m, "enter", "esc", "v")
}

func TestCompareAgainstThePinnedBaseline(t *testing.T) {
	m := comparedModel(t, "mono", 160, 48)
	base, ok := m.Baseline()
	if !ok || base.Settings.Budget.RetrievedContext != 1550 || m.eval.Settings.Budget.RetrievedContext != 300 {
		t.Fatalf("baseline pinned %v at %d, now %d", ok, base.Settings.Budget.RetrievedContext, m.eval.Settings.Budget.RetrievedContext)
	}
	c := m.Comparison()
	if c == nil || c.TokensSaved() != 1250 || len(c.Settings) != 1 || c.Settings[0].Knob.ID != "rag" {
		t.Fatalf("comparison %+v", c)
	}
	screen := m.View()
	for _, want := range []string{"vs baseline −1,250 tokens", "RAG budget: 1,550 → 300", "Documents whose fate or place changed", "retrieved context"} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen)
		}
	}
	m = keys(t, m, "P")
	if _, ok := m.Baseline(); ok || m.Comparison() != nil || !strings.Contains(m.View(), "No baseline pinned") {
		t.Errorf("P left the baseline pinned:\n%s", m.View())
	}
}

// TestGoldenCompare pins the Compare view, unified at 80 columns and side
// by side at 160.
func TestGoldenCompare(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 24}, {160, 48}} {
		for _, theme := range []string{"dark", "mono"} {
			t.Run(fmt.Sprintf("%s_%dx%d", theme, size.w, size.h), func(t *testing.T) {
				golden.RequireEqual(t, []byte(comparedModel(t, theme, size.w, size.h).View()))
			})
		}
	}
}

// TestGoldenCompareText shows the end of the Compare view, the request's
// text side by side at 160 columns.
func TestGoldenCompareText(t *testing.T) {
	m := keys(t, comparedModel(t, "mono", 160, 48), "G")
	golden.RequireEqual(t, []byte(m.View()))
}
