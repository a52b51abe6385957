package tui

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core/diagnose"
)

// diagnosisPane is the Diagnosis view's cursor: the finding chosen and,
// within it, the row it is about that enter goes to. Its text scrolls in
// the shared viewsPane, which keeps the view's own scroll position.
type diagnosisPane struct {
	cursor int
	ref    int
	keys   diagnosisKeys
}

// diagnosisAction is what a key in the Diagnosis view asks of the root.
type diagnosisAction int

const (
	diagnosisMoved diagnosisAction = iota // the cursor moved, or nothing happened
	diagnosisJump                         // show the chosen row where the workbench shows it
	diagnosisBack                         // back to the document list
)

func newDiagnosisPane() diagnosisPane {
	return diagnosisPane{keys: newDiagnosisKeys()}
}

// update handles a key against the findings on screen; the page keys
// scroll vp, the text, without moving the cursor.
func (p diagnosisPane) update(msg tea.KeyMsg, vp *viewport.Model, findings []diagnose.Finding) (diagnosisPane, diagnosisAction) {
	p = p.clamped(findings)
	k := p.keys
	switch {
	case key.Matches(msg, k.Up):
		p.choose(p.cursor-1, findings)
	case key.Matches(msg, k.Down):
		p.choose(p.cursor+1, findings)
	case key.Matches(msg, k.Top):
		p.choose(0, findings)
	case key.Matches(msg, k.Bottom):
		p.choose(len(findings)-1, findings)
	case key.Matches(msg, k.PrevRef):
		p.ref = max(0, p.ref-1)
	case key.Matches(msg, k.NextRef):
		if p.cursor < len(findings) {
			p.ref = min(len(findings[p.cursor].Refs)-1, p.ref+1)
		}
	case key.Matches(msg, k.PageUp):
		vp.PageUp()
	case key.Matches(msg, k.PageDown):
		vp.PageDown()
	case key.Matches(msg, k.Jump):
		if _, ok := p.chosenRef(findings); ok {
			return p, diagnosisJump
		}
	case key.Matches(msg, k.Back):
		return p, diagnosisBack
	}
	return p, diagnosisMoved
}

// choose puts the cursor on finding i, within the list, on its first row.
func (p *diagnosisPane) choose(i int, findings []diagnose.Finding) {
	next := min(len(findings)-1, max(0, i))
	if next != p.cursor {
		p.ref = 0
	}
	p.cursor = max(0, next)
}

// clamped keeps the cursor within findings that a setting changed since
// it was placed: fewer findings, or fewer rows in the chosen one.
func (p diagnosisPane) clamped(findings []diagnose.Finding) diagnosisPane {
	p.cursor = max(0, min(p.cursor, len(findings)-1))
	if p.cursor < len(findings) {
		p.ref = max(0, min(p.ref, len(findings[p.cursor].Refs)-1))
	} else {
		p.ref = 0
	}
	return p
}

// chosenRef is the row enter goes to; ok is false when the finding is
// about no row, or there is no finding.
func (p diagnosisPane) chosenRef(findings []diagnose.Finding) (diagnose.Ref, bool) {
	p = p.clamped(findings)
	if p.cursor >= len(findings) || len(findings[p.cursor].Refs) == 0 {
		return diagnose.Ref{}, false
	}
	return findings[p.cursor].Refs[p.ref], true
}
