package doclist

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/tui/rows"
)

// Direct Update calls on the list, without a root model or an
// evaluation: what each key does to the list, and what it asks of the
// root.

func TestListPaneKeys(t *testing.T) {
	p := New()
	p.setRows([]rows.Row{rows.NewRow(0, false), rows.NewRow(1, false), rows.NewRow(2, false)})
	stages := rows.StagesFor(nil)
	p, action := p.Update(keyMsg("j"), 10, stages, false)
	if action != Moved || p.Selected() != 1 {
		t.Errorf("j: action %d, document %d", action, p.Selected())
	}
	p, action = p.Update(keyMsg("]"), 10, stages, false)
	if action != Restaged || p.stage != rows.StageBudget {
		t.Errorf("] at the last stage: action %d, stage %v", action, p.stage)
	}
	p, _ = p.Update(keyMsg("["), 10, stages, false)
	if p.stage != rows.StageReorder {
		t.Errorf("[ from the budget stage: %v", p.stage)
	}
	if _, action = p.Update(keyMsg("esc"), 10, stages, false); action != Moved {
		t.Errorf("esc without a filter asked for %d", action)
	}
	if _, action = p.Update(keyMsg("esc"), 10, stages, true); action != ClearFilter {
		t.Errorf("esc with a filter asked for %d", action)
	}
	if p, action = p.Update(keyMsg("x"), 10, stages, false); action != ToggledGone || !p.hideGone {
		t.Errorf("x: action %d, hidden %v", action, p.hideGone)
	}
}

// keyMsg is the key message a terminal sends for s.
func keyMsg(s string) tea.KeyMsg {
	if s == "esc" {
		return tea.KeyMsg{Type: tea.KeyEsc}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}
