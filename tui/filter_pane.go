package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/tui/controls"
)

// filterPane is the list's filter: the input the query is typed in, the
// query in force and the documents it matched. Matching runs in a
// command (filterCmd); a result is installed only if its version is the
// newest, so typing fast never shows an older query's rows.
type filterPane struct {
	input   textinput.Model
	editing bool // the input has the keyboard
	query   string
	version int
	active  bool          // a result is narrowing the list
	docs    map[int]bool  // scenario document indexes that match
	hits    map[int][]int // evaluation document -> matched rune indexes in its source
	keys    controls.InputKeys
}

func newFilterPane() filterPane {
	in := textinput.New()
	in.Prompt = "/ "
	in.Placeholder = "source or content"
	in.CharLimit = 200
	// A steady cursor: a blinking one redraws the screen twice a second
	// for nothing.
	in.Cursor.SetMode(cursor.CursorStatic)
	return filterPane{input: in, keys: controls.NewInputKeys()}
}

// open gives the input the keyboard, on the query in force.
func (f *filterPane) open() {
	f.editing = true
	f.input.SetValue(f.query)
	f.input.CursorEnd()
	f.input.Focus()
}

// update handles a key typed into the input. It returns the command that
// matches a new query, and whether the filter was cleared, which changes
// the list's rows at once.
func (f filterPane) update(msg tea.KeyMsg, ev *core.Evaluation) (filterPane, tea.Cmd, bool) {
	switch {
	case key.Matches(msg, f.keys.Cancel):
		f.editing = false
		f.input.Blur()
		f.clear()
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
		f.clear()
		return f, cmd, true
	}
	return f, tea.Batch(cmd, filterCmd(f.version, query, ev.Documents, ev.InputIndex)), false
}

// apply installs a result unless a newer query replaced it; it reports
// whether it did.
func (f *filterPane) apply(msg filterResultMsg) bool {
	if msg.version != f.version {
		return false
	}
	f.active = true
	f.docs = msg.docs
	f.hits = msg.hits
	return true
}

// clear lets every document through again.
func (f *filterPane) clear() {
	f.active = false
	f.query = ""
	f.docs, f.hits = nil, nil
	f.version++
}

// admits reports whether the list shows a scenario document.
func (f *filterPane) admits(scenarioDoc int) bool {
	return !f.active || f.docs[scenarioDoc]
}

// highlighted is the query whose matches the inspector marks, "" when no
// filter is in force.
func (f *filterPane) highlighted() string {
	if f.active {
		return f.query
	}
	return ""
}
