package tui

import (
	"testing"

	"ctxlab/tui/rows"
)

// Direct Update calls on the panes, without a root model or an
// evaluation: what each key does to the pane, and what it asks of the
// root.

func TestListPaneKeys(t *testing.T) {
	p := newListPane()
	p.setRows([]rows.Row{rows.NewRow(0, false), rows.NewRow(1, false), rows.NewRow(2, false)})
	stages := rows.StagesFor(nil)
	p, action := p.update(keyMsg("j"), 10, stages, false)
	if action != listMoved || p.selectedDoc() != 1 {
		t.Errorf("j: action %d, document %d", action, p.selectedDoc())
	}
	p, action = p.update(keyMsg("]"), 10, stages, false)
	if action != listRestaged || p.stage != rows.StageBudget {
		t.Errorf("] at the last stage: action %d, stage %v", action, p.stage)
	}
	p, _ = p.update(keyMsg("["), 10, stages, false)
	if p.stage != rows.StageReorder {
		t.Errorf("[ from the budget stage: %v", p.stage)
	}
	if _, action = p.update(keyMsg("esc"), 10, stages, false); action != listMoved {
		t.Errorf("esc without a filter asked for %d", action)
	}
	if _, action = p.update(keyMsg("esc"), 10, stages, true); action != listClearFilter {
		t.Errorf("esc with a filter asked for %d", action)
	}
	if p, action = p.update(keyMsg("x"), 10, stages, false); action != listToggledGone || !p.hideGone {
		t.Errorf("x: action %d, hidden %v", action, p.hideGone)
	}
}
