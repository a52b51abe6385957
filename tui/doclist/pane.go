package doclist

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

// Model is the document list (rows, cursor, scroll, row cache), the
// pipeline stage it shows, whether removed documents are hidden, and its
// keys. Its keys move the cursor themselves; what needs the rest of the
// workbench (new rows, the inspector, the filter) goes back to the root
// as an Action.
type Model struct {
	list
	stage    rows.Stage
	hideGone bool
	// baselineFirst lists the documents whose fate changed against the
	// baseline first (b).
	baselineFirst bool
	keys          Keys
}

// Action is what a key in the list asks of the root.
type Action int

const (
	Moved         Action = iota // the cursor moved, or nothing happened
	Restaged                    // another stage: the rows must be rebuilt
	ToggledGone                 // removed documents hidden or shown again
	Inspect                     // the inspector takes the keyboard
	ClearFilter                 // esc with a filter in force
	NextChanged                 // the cursor goes to the next changed row
	BaselineFirst               // changed against the baseline first, or not
)

// New is an empty list at the budget stage.
func New() Model {
	return Model{stage: rows.StageBudget, keys: newKeys()}
}

// Update handles a key; height is the number of rows visible, stages
// those the evaluation has, filtered whether a filter is in force.
func (p Model) Update(msg tea.KeyMsg, height int, stages []rows.Stage, filtered bool) (Model, Action) {
	k := p.keys
	switch {
	case p.Navigate(msg, k.MoveKeys, height, len(p.rows)):
	case key.Matches(msg, k.PrevStage):
		p.stepStage(stages, -1)
		return p, Restaged
	case key.Matches(msg, k.NextStage):
		p.stepStage(stages, 1)
		return p, Restaged
	case key.Matches(msg, k.HideGone):
		p.hideGone = !p.hideGone
		return p, ToggledGone
	case key.Matches(msg, k.Inspect):
		return p, Inspect
	case key.Matches(msg, k.NextChanged):
		return p, NextChanged
	case key.Matches(msg, k.BaselineFirst):
		p.baselineFirst = !p.baselineFirst
		return p, BaselineFirst
	case msg.String() == "esc" && filtered:
		return p, ClearFilter
	}
	return p, Moved
}

// Title is the list's box title: the stage, the filter and whether
// removed documents are hidden.
func (p Model) Title(filter *filter.Pane) string {
	title := "1 Documents · " + p.stage.Name()
	switch {
	case filter.Matching():
		// The rows are still an earlier query's: no count for this one.
		title += fmt.Sprintf(" · filter %q: matching…", filter.Query())
	case filter.Active():
		title += fmt.Sprintf(" · filter %q: %s", filter.Query(), numfmt.Thousands(len(p.rows)))
	}
	if p.hideGone {
		title += " · removed hidden"
	}
	return title
}

// View draws the box's content, rc.Width×height cells: a column header
// and the visible rows, the filter's input taking the last row while a
// query is typed. The workbench draws the box around it with Title.
func (p Model) View(rc Context, filter *filter.Pane, height int) string {
	content := p.list.view(rc, p.stage, filter, height)
	if filter.Editing() {
		lines := strings.Split(content, "\n")
		lines[len(lines)-1] = draw.PadRight(filter.InputView(), rc.Width)
		content = strings.Join(lines, "\n")
	}
	return content
}

// Stage is the pipeline stage the list shows.
func (p Model) Stage() rows.Stage { return p.stage }

// SetStage shows another stage; Refresh rebuilds the rows.
func (p *Model) SetStage(s rows.Stage) { p.stage = s }

// HideGone reports whether removed documents are hidden (x).
func (p Model) HideGone() bool { return p.hideGone }

// SetHideGone hides or shows the removed documents; Refresh rebuilds
// the rows.
func (p *Model) SetHideGone(hide bool) { p.hideGone = hide }

// BaselineFirst reports whether the documents changed against the
// baseline come first (b).
func (p Model) BaselineFirst() bool { return p.baselineFirst }

// Keys are the list's keys, for the footer and the help.
func (p Model) Keys() Keys { return p.keys }

// stepStage selects the previous or next of stages.
func (p *Model) stepStage(stages []rows.Stage, dir int) {
	i := len(stages) - 1
	for j, s := range stages {
		if s == p.stage {
			i = j
		}
	}
	p.stage = stages[min(len(stages)-1, max(0, i+dir))]
}

// Refresh rebuilds the rows for the stage, the filter and ev, falling
// back to the budget stage when ev has not the one selected; versus are
// the documents' changes against the baseline, by input index.
func (p *Model) Refresh(ev *core.Evaluation, filter *filter.Pane, versus map[int]core.DocumentChangeKind) {
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
			if filter.Admits(ev.InputIndex(r.Index())) {
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
