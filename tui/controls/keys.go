package controls

import "github.com/charmbracelet/bubbles/key"

// Keys drive the controls strip.
type Keys struct {
	Prev, Next, Dec, Inc, Toggle, Edit, Find, Reset, Back key.Binding
}

func newKeys() Keys {
	return Keys{
		Prev:   key.NewBinding(key.WithKeys("up", "k", "shift+left"), key.WithHelp("↑/↓", "choose control")),
		Next:   key.NewBinding(key.WithKeys("down", "j", "shift+right")),
		Dec:    key.NewBinding(key.WithKeys("left", "h", "-"), key.WithHelp("←/→", "adjust")),
		Inc:    key.NewBinding(key.WithKeys("right", "l", "+", "=")),
		Toggle: key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "toggle")),
		Edit:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "type a value")),
		Find:   key.NewBinding(key.WithKeys(":"), key.WithHelp(":", "find a control by name")),
		Reset:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reset all")),
		Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	}
}

func (k Keys) ShortHelp() []key.Binding {
	return []key.Binding{k.Prev, k.Dec, k.Edit, k.Find, k.Reset, k.Back}
}

func (k Keys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Prev, k.Next, k.Dec, k.Inc, k.Toggle, k.Edit, k.Find, k.Reset, k.Back}}
}

// InputKeys apply while a text input (the filter, a control's value) has
// focus.
type InputKeys struct {
	Accept, Cancel, Clear key.Binding
}

// NewInputKeys are the keys of a text input.
func NewInputKeys() InputKeys {
	return InputKeys{
		Accept: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "apply")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		// A control's input opens on its value, to edit it; ctrl+u starts
		// afresh.
		Clear: key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "clear")),
	}
}

func (k InputKeys) ShortHelp() []key.Binding  { return []key.Binding{k.Accept, k.Cancel, k.Clear} }
func (k InputKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }
