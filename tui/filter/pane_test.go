package filter

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/value"
)

// keyMsg is the key s as Bubble Tea delivers it.
func keyMsg(s string) tea.KeyMsg {
	if s == "esc" {
		return tea.KeyMsg{Type: tea.KeyEsc}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

func TestPaneDropsAnOlderResult(t *testing.T) {
	f := New()
	f.Open()
	ev := &core.Evaluation{Documents: []value.Document{{Source: "kb/refunds.md"}}}
	f, cmd, _ := f.Update(keyMsg("r"), ev)
	if cmd == nil || f.query != "r" {
		t.Fatalf("typing r: query %q, command %v", f.query, cmd != nil)
	}
	older := ResultMsg{version: f.version, docs: map[int]bool{}}
	f, _, _ = f.Update(keyMsg("e"), ev)
	if f.Apply(older) || f.active {
		t.Error("the result of an older query was installed")
	}
	if !f.Apply(ResultMsg{version: f.version, docs: map[int]bool{0: true}}) || !f.Admits(0) || f.Admits(1) {
		t.Error("the newest result was not installed")
	}
	f, _, cleared := f.Update(keyMsg("esc"), ev)
	if !cleared || f.editing || f.active || !f.Admits(1) {
		t.Errorf("esc: cleared %v, editing %v, active %v", cleared, f.editing, f.active)
	}
}
