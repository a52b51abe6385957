package doclist

import (
	"github.com/charmbracelet/bubbles/key"

	"ctxlab/tui/cursor"
)

// Keys drive the document list.
type Keys struct {
	cursor.MoveKeys
	PrevStage, NextStage, HideGone, Inspect, NextChanged, BaselineFirst key.Binding
}

func newKeys() Keys {
	return Keys{
		MoveKeys:  cursor.NewMoveKeys(),
		PrevStage: key.NewBinding(key.WithKeys("[", "left", "h"), key.WithHelp("[/←", "earlier stage")),
		NextStage: key.NewBinding(key.WithKeys("]", "right", "l"), key.WithHelp("]/→", "later stage")),
		HideGone:  key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "hide/show removed")),
		Inspect:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "inspect")),
		// n, as a pager's next match: the next row the last change moved.
		NextChanged: key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next changed ◆")),
		// b for baseline: its changes first, the rest after.
		BaselineFirst: key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "changed vs baseline first")),
	}
}

func (k Keys) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.PrevStage, k.NextStage, k.HideGone, k.Inspect}
}

func (k Keys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.PrevStage, k.NextStage, k.HideGone, k.Inspect, k.NextChanged, k.BaselineFirst}}
}
