package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"ctxlab/core"
)

// listAgainstBaseline pins the sample's settings, lowers the RAG budget
// to 300 tokens and shows the document list.
func listAgainstBaseline(t *testing.T, theme string, width, height int) Model {
	t.Helper()
	m := keys(t, newTestModel(t, "support_chat", theme, width, height), "p")
	next := m.settings
	next.Budget.RetrievedContext = 300
	return settle(t, m, m.applySettings(next))
}

// TestListMarksChangesAgainstTheBaseline: with a baseline pinned, a row
// whose document the smaller budget pushed out says "− out", the RAG bar
// says by how many tokens it shrank, and b lists every changed document
// first, in the list's order, then the rest.
func TestListMarksChangesAgainstTheBaseline(t *testing.T) {
	m := listAgainstBaseline(t, "mono", 160, 48)
	if len(m.versus) == 0 {
		t.Fatal("no document changed against the baseline at a 300-token budget")
	}
	outs := 0
	for _, kind := range m.versus {
		if kind == core.ChangeOut {
			outs++
		}
	}
	if outs == 0 || !strings.Contains(m.View(), "− out") {
		t.Errorf("%d documents out; want some, marked − out:\n%s", outs, m.View())
	}
	// The RAG bar says what the smaller budget took off.
	if !strings.Contains(m.View(), "300/300 −1,250 ") {
		t.Errorf("the RAG bar lacks its change against the baseline:\n%s", m.View())
	}
	m = keys(t, m, "b")
	if !m.list.BaselineFirst() {
		t.Fatal("b did not ask for the changed documents first")
	}
	seenUnchanged := false
	for i, r := range m.list.Listed() {
		changed := m.versus[m.eval.InputIndex(r.Index())] != ""
		if changed && seenUnchanged {
			t.Fatalf("row %d changed against the baseline but comes after an unchanged one", i)
		}
		seenUnchanged = seenUnchanged || !changed
	}
	if first := m.list.Listed()[0]; m.versus[m.eval.InputIndex(first.Index())] == "" {
		t.Errorf("the first row is unchanged")
	}
	m = keys(t, m, "P")
	if m.versus != nil || strings.Contains(m.View(), "− out") {
		t.Errorf("P left the list's baseline marks")
	}
}

// TestGoldenListBaseline pins the document list and the budget bars
// against a baseline, the changed documents first.
func TestGoldenListBaseline(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 24}, {160, 48}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			m := keys(t, listAgainstBaseline(t, "mono", size.w, size.h), "b")
			golden.RequireEqual(t, []byte(m.View()))
		})
	}
}
