package tui

import (
	"github.com/charmbracelet/bubbles/key"
)

// globalKeys work in every pane unless a text input has focus.
type globalKeys struct {
	Quit, Help, NextPane, PrevPane, Views, Timeline, Diagnosis, Eval, Sweep, Theme, Export, Copy, Filter, Controls, FindControl key.Binding
	PinBaseline, ClearBaseline, Compare, Tokens, Suspend, CancelSummary                                                         key.Binding
}

func newGlobalKeys() globalKeys {
	return globalKeys{
		Quit:     key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Help:     key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		NextPane: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next pane")),
		PrevPane: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous pane")),
		Views:    key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6"), key.WithHelp("1-6", "views")),
		// 7, the next number: an agent's trajectory turn by turn.
		Timeline: key.NewBinding(key.WithKeys("7"), key.WithHelp("7", "timeline of a trajectory")),
		// The Diagnosis view has a letter, not the next number: the
		// first screen advertises it by what it does.
		Diagnosis: key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "diagnosis: findings")),
		// a: all the queries of a retrieval run, when one is loaded.
		Eval:     key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "eval: all queries of a run")),
		Sweep:    key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "sweep: a knob's every value")),
		Theme:    key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "theme")),
		Export:   key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "export")),
		Copy:     key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy context")),
		Filter:   key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		Controls: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "controls")),
		// The same key as the strip's own find, from any pane.
		FindControl: key.NewBinding(key.WithKeys(":"), key.WithHelp(":", "find a control")),
		// p pins what is on screen; every change after it is measured
		// against it in the Compare view (v, for versus).
		PinBaseline:   key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pin baseline")),
		ClearBaseline: key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "clear baseline")),
		Compare:       key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "compare with baseline")),
		// T shows the inspector's and the Context view's text as the
		// tokenizer reads it.
		Tokens: key.NewBinding(key.WithKeys("T"), key.WithHelp("T", "text as tokens")),
		// The terminal is raw while the workbench runs, so ctrl+z arrives
		// as a key rather than as the shell's stop signal.
		Suspend: key.NewBinding(key.WithKeys("ctrl+z"), key.WithHelp("ctrl+z", "suspend to the shell (fg returns)")),
		// esc's other meanings wait while an LLM call is in flight: the
		// footer offers this one then.
		CancelSummary: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel the LLM summary call in flight")),
	}
}

func (k globalKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.NextPane, k.Views, k.Filter, k.Export, k.Theme, k.Help, k.Quit}
}

func (k globalKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.NextPane, k.PrevPane, k.Controls, k.FindControl, k.Views, k.Diagnosis, k.Sweep, k.Eval}, {k.PinBaseline, k.ClearBaseline, k.Compare, k.Tokens}, {k.Filter, k.Export, k.Copy, k.Theme}, {k.CancelSummary, k.Help, k.Suspend, k.Quit}}
}

// scrollKeys drive the text panes: inspector, context, memory, metrics.
type scrollKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Back key.Binding
}

func newScrollKeys() scrollKeys {
	return scrollKeys{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "scroll up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "scroll down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+u", "b"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+d", " "), key.WithHelp("pgdn", "page down")),
		Top:      key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g", "top")),
		Bottom:   key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G", "bottom")),
		Back:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to list")),
	}
}

func (k scrollKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.PageDown, k.Top, k.Back}
}

func (k scrollKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Back}}
}
