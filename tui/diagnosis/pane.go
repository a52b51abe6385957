package diagnosis

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/themes"
)

// Pane is the Diagnosis view's cursor: the finding chosen and, within
// it, the row it is about that enter goes to.
type Pane struct {
	cursor int
	ref    int
	keys   Keys
}

// Action is what a key in the Diagnosis view asks of the workbench.
type Action int

const (
	// Moved: the cursor moved, or nothing happened.
	Moved Action = iota
	// Jump asks to show the chosen row (ChosenRef) where the workbench
	// shows it.
	Jump
	// Back asks for the document list.
	Back
)

// New is the view with the cursor on the first finding.
func New() Pane {
	return Pane{keys: NewKeys()}
}

// Keys drive the Diagnosis view: a cursor over the findings and over the
// rows the chosen finding is about, and a jump to that row.
type Keys struct {
	Up, Down, PrevRef, NextRef, PageUp, PageDown, Top, Bottom, Jump, Back key.Binding
}

// NewKeys are the view's bindings.
func NewKeys() Keys {
	return Keys{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/↓", "choose a finding")),
		Down:     key.NewBinding(key.WithKeys("down", "j")),
		PrevRef:  key.NewBinding(key.WithKeys("left", "h", "["), key.WithHelp("←/→", "choose a row it is about")),
		NextRef:  key.NewBinding(key.WithKeys("right", "l", "]")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+u", "b"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+d", " "), key.WithHelp("pgdn", "page down")),
		Top:      key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g", "first finding")),
		Bottom:   key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G", "last finding")),
		Jump:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "go to the row")),
		Back:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to list")),
	}
}

// ShortHelp are the footer's keys.
func (k Keys) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.PrevRef, k.Jump, k.Back}
}

// FullHelp are the help screen's.
func (k Keys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PrevRef, k.NextRef, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Jump, k.Back}}
}

// Keys returns the view's bindings.
func (p Pane) Keys() Keys { return p.keys }

// Cursor is the chosen finding and Ref the chosen row within it, as
// placed: Chosen and ChosenRef keep them within the findings.
func (p Pane) Cursor() int { return p.cursor }
func (p Pane) Ref() int    { return p.ref }

// Update handles a key against ev's findings: the page keys scroll vp,
// the view's text, without moving the cursor, and a cursor that moved is
// scrolled into sight in vp, the view drawn with st.
func (p Pane) Update(msg tea.KeyMsg, vp *viewport.Model, st *themes.Styles, ev *core.Evaluation) (Pane, Action) {
	var findings []diagnose.Finding
	if ev != nil {
		findings = ev.Findings
	}
	before := p.cursor
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
		if _, ok := p.ChosenRef(findings); ok {
			return p, Jump
		}
	case key.Matches(msg, k.Back):
		return p, Back
	}
	if p.cursor != before {
		p.reveal(vp, st, ev)
	}
	return p, Moved
}

// reveal scrolls vp so the chosen finding is on screen, its first line
// first when it is taller than the pane.
func (p Pane) reveal(vp *viewport.Model, st *themes.Styles, ev *core.Evaluation) {
	text, spans := Content(st, ev, p, vp.Width)
	if p.cursor >= len(spans) {
		return
	}
	vp.SetContent(text)
	span := spans[p.cursor]
	if span.Last >= vp.YOffset+vp.Height {
		vp.SetYOffset(span.Last - vp.Height + 1)
	}
	if span.First < vp.YOffset {
		vp.SetYOffset(span.First)
	}
	if p.cursor == 0 {
		// The first finding shows the introduction above it too.
		vp.GotoTop()
	}
}

// ChooseAt puts the cursor on the finding drawn on line of the view's
// text at width, for a click; a click between findings changes nothing.
func (p *Pane) ChooseAt(line int, st *themes.Styles, ev *core.Evaluation, width int) {
	_, spans := Content(st, ev, *p, width)
	for i, span := range spans {
		if line >= span.First && line <= span.Last && i != p.cursor {
			p.cursor, p.ref = i, 0
		}
	}
}

// choose puts the cursor on finding i, within the list, on its first row.
func (p *Pane) choose(i int, findings []diagnose.Finding) {
	next := min(len(findings)-1, max(0, i))
	if next != p.cursor {
		p.ref = 0
	}
	p.cursor = max(0, next)
}

// clamped keeps the cursor within findings that a setting changed since
// it was placed: fewer findings, or fewer rows in the chosen one.
func (p Pane) clamped(findings []diagnose.Finding) Pane {
	p.cursor = max(0, min(p.cursor, len(findings)-1))
	if p.cursor < len(findings) {
		p.ref = max(0, min(p.ref, len(findings[p.cursor].Refs)-1))
	} else {
		p.ref = 0
	}
	return p
}

// Chosen is the finding the cursor is on; findings must not be empty.
func (p Pane) Chosen(findings []diagnose.Finding) diagnose.Finding {
	return findings[p.clamped(findings).cursor]
}

// ChosenRef is the row enter goes to; ok is false when the finding is
// about no row, or there is no finding.
func (p Pane) ChosenRef(findings []diagnose.Finding) (diagnose.Ref, bool) {
	p = p.clamped(findings)
	if p.cursor >= len(findings) || len(findings[p.cursor].Refs) == 0 {
		return diagnose.Ref{}, false
	}
	return findings[p.cursor].Refs[p.ref], true
}
