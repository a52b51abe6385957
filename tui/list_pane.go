package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/tui/draw"
	"ctxlab/tui/filter"
	"ctxlab/tui/rows"
)

// listPane is the document list (rows, cursor, scroll, row cache), the
// pipeline stage it shows, whether removed documents are hidden, and its
// keys. Its keys move the cursor themselves; what needs the rest of the
// workbench (new rows, the inspector, the filter) goes back to the root
// as a listAction.
type listPane struct {
	docList
	stage    rows.Stage
	hideGone bool
	// baselineFirst lists the documents whose fate changed against the
	// baseline first (b).
	baselineFirst bool
	keys          listKeys
}

// listAction is what a key in the list asks of the root.
type listAction int

const (
	listMoved         listAction = iota // the cursor moved, or nothing happened
	listRestaged                        // another stage: the rows must be rebuilt
	listToggledGone                     // removed documents hidden or shown again
	listInspect                         // the inspector takes the keyboard
	listClearFilter                     // esc with a filter in force
	listNextChanged                     // the cursor goes to the next changed row
	listBaselineFirst                   // changed against the baseline first, or not
)

func newListPane() listPane {
	return listPane{stage: rows.StageBudget, keys: newListKeys()}
}

// update handles a key; height is the number of rows visible, stages
// those the evaluation has.
func (p listPane) update(msg tea.KeyMsg, height int, stages []rows.Stage, filtered bool) (listPane, listAction) {
	k := p.keys
	switch {
	case p.Navigate(msg, k.MoveKeys, height, len(p.rows)):
	case key.Matches(msg, k.PrevStage):
		p.stepStage(stages, -1)
		return p, listRestaged
	case key.Matches(msg, k.NextStage):
		p.stepStage(stages, 1)
		return p, listRestaged
	case key.Matches(msg, k.HideGone):
		p.hideGone = !p.hideGone
		return p, listToggledGone
	case key.Matches(msg, k.Inspect):
		return p, listInspect
	case key.Matches(msg, k.NextChanged):
		return p, listNextChanged
	case key.Matches(msg, k.BaselineFirst):
		p.baselineFirst = !p.baselineFirst
		return p, listBaselineFirst
	case msg.String() == "esc" && filtered:
		return p, listClearFilter
	}
	return p, listMoved
}

// view draws the list in a box w×h cells: the title names the stage, the
// filter and whether removed documents are hidden, and the filter's
// input takes the last row while a query is typed.
func (p listPane) view(rc listRenderContext, filter *filter.Pane, w, h int) string {
	title := "1 Documents · " + p.stage.Name()
	if filter.Active() {
		title += fmt.Sprintf(" · filter %q: %s", filter.Query(), numfmt.Thousands(len(p.rows)))
	}
	if p.hideGone {
		title += " · removed hidden"
	}
	content := p.docList.view(rc, h-2)
	if filter.Editing() {
		lines := strings.Split(content, "\n")
		lines[len(lines)-1] = draw.PadRight(filter.InputView(), w-2)
		content = strings.Join(lines, "\n")
	}
	return box(rc.st, title, content, w, h, rc.focused)
}

// stepStage selects the previous or next of stages.
func (p *listPane) stepStage(stages []rows.Stage, dir int) {
	i := len(stages) - 1
	for j, s := range stages {
		if s == p.stage {
			i = j
		}
	}
	p.stage = stages[min(len(stages)-1, max(0, i+dir))]
}

// refresh rebuilds the rows for the stage, the filter and ev, falling
// back to the budget stage when ev has not the one selected.
func (p *listPane) refresh(ev *core.Evaluation, filter *filter.Pane, versus map[int]core.DocumentChangeKind) {
	found := false
	for _, s := range rows.StagesFor(ev) {
		found = found || s == p.stage
	}
	if !found {
		p.stage = rows.StageBudget
	}
	listed := rows.ForStage(ev, p.stage, p.hideGone)
	if filter.Active() {
		kept := listed[:0:0]
		for _, r := range listed {
			if filter.Admits(scenarioIndex(ev, r.Index())) {
				kept = append(kept, r)
			}
		}
		listed = kept
	}
	if p.baselineFirst {
		listed = changedFirst(ev, listed, versus)
	}
	p.setRows(listed)
	p.from = rows.NewSource(ev, p.stage)
	if ev != nil {
		p.layout = rows.FitLayout(len(listed), func(k int) rows.Look { return p.from.Look(listed[k]) }, ev.Documents, p.layout)
	}
	p.cache = make(map[rowKey]string)
}

// scenarioIndex maps an evaluation's document to the scenario's, which
// reranking may have reordered.
func scenarioIndex(ev *core.Evaluation, doc int) int {
	if ev == nil {
		return doc
	}
	return ev.InputIndex(doc)
}
