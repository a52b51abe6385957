package filter

import (
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/tui/controls"
)

// Pane is the list's filter: the input the query is typed in, the
// query in force and the documents it matched. Matching runs in a
// command (matchCmd); a result is installed only if its version is the
// newest, so typing fast never shows an older query's rows.
type Pane struct {
	input   textinput.Model
	editing bool // the input has the keyboard
	query   string
	version int
	active  bool          // a result is narrowing the list
	matched string        // the query the result in force matched
	docs    map[int]bool  // scenario document indexes that match
	hits    map[int][]int // evaluation document -> matched rune indexes in its source
	keys    controls.InputKeys
}

// New is the filter with no query.
func New() Pane {
	in := textinput.New()
	in.Prompt = "/ "
	in.Placeholder = "source or content"
	in.CharLimit = 200
	// A steady cursor: a blinking one redraws the screen twice a second
	// for nothing.
	in.Cursor.SetMode(cursor.CursorStatic)
	return Pane{input: in, keys: controls.NewInputKeys()}
}

// Open gives the input the keyboard, on the query in force.
func (f *Pane) Open() {
	f.editing = true
	f.input.SetValue(f.query)
	f.input.CursorEnd()
	f.input.Focus()
}

// Update handles a key typed into the input. It returns the command that
// matches a new query, and whether the filter was cleared, which changes
// the list's rows at once.
func (f Pane) Update(msg tea.KeyMsg, ev *core.Evaluation) (Pane, tea.Cmd, bool) {
	switch {
	case key.Matches(msg, f.keys.Cancel):
		f.editing = false
		f.input.Blur()
		f.Clear()
		return f, nil, true
	case key.Matches(msg, f.keys.Accept):
		f.editing = false
		f.input.Blur()
		return f, nil, false
	}
	var cmd tea.Cmd
	if key.Matches(msg, f.keys.Clear) {
		f.input.SetValue("")
	} else {
		f.input, cmd = f.input.Update(msg)
	}
	query := strings.TrimSpace(f.input.Value())
	if query == f.query {
		return f, cmd, false
	}
	f.query = query
	f.version++
	if query == "" || ev == nil {
		f.Clear()
		return f, cmd, true
	}
	return f, tea.Batch(cmd, matchCmd(f.version, query, ev.Documents, ev.InputIndex)), false
}

// Apply installs a result unless a newer query replaced it; it reports
// whether it did.
func (f *Pane) Apply(msg ResultMsg) bool {
	if msg.version != f.version {
		return false
	}
	f.active = true
	f.matched = msg.query
	f.docs = msg.docs
	f.hits = msg.hits
	return true
}

// Clear lets every document through again.
func (f *Pane) Clear() {
	f.active = false
	f.query, f.matched = "", ""
	f.docs, f.hits = nil, nil
	f.version++
}

// Admits reports whether the list shows a scenario document.
func (f *Pane) Admits(scenarioDoc int) bool {
	return !f.active || f.docs[scenarioDoc]
}

// Highlighted is the query whose matches the inspector marks, "" when no
// filter is in force.
func (f *Pane) Highlighted() string {
	if f.active {
		return f.query
	}
	return ""
}

// Active reports whether a result is narrowing the list.
func (f Pane) Active() bool { return f.active }

// Matching says the query in force is still being matched: the rows
// shown are the last result's, for an earlier query.
func (f Pane) Matching() bool { return f.query != "" && f.query != f.matched }

// Editing reports whether the input has the keyboard.
func (f Pane) Editing() bool { return f.editing }

// Query is the query in force.
func (f Pane) Query() string { return f.query }

// Version numbers the query in force; it changes with every query and
// every clear.
func (f Pane) Version() int { return f.version }

// Hits are the matched rune indexes in each evaluation document's source,
// for the list to highlight.
func (f Pane) Hits() map[int][]int { return f.hits }

// Input is the text typed in the input.
func (f Pane) Input() string { return f.input.Value() }

// InputView draws the input.
func (f Pane) InputView() string { return f.input.View() }

// Keys are the input's keys, for the help.
func (f Pane) Keys() controls.InputKeys { return f.keys }
