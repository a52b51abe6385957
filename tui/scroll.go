package tui

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

func newViewport() viewport.Model {
	vp := viewport.New(40, 10)
	vp.MouseWheelEnabled = true
	vp.MouseWheelDelta = 3
	return vp
}

// scrollKey moves a text pane by a scroll key; it reports whether the key
// was Back, which the root answers by returning to the list.
func scrollKey(vp *viewport.Model, k scrollKeys, msg tea.KeyMsg) (back bool) {
	switch {
	case key.Matches(msg, k.Up):
		vp.ScrollUp(1)
	case key.Matches(msg, k.Down):
		vp.ScrollDown(1)
	case key.Matches(msg, k.PageUp):
		vp.PageUp()
	case key.Matches(msg, k.PageDown):
		vp.PageDown()
	case key.Matches(msg, k.Top):
		vp.GotoTop()
	case key.Matches(msg, k.Bottom):
		vp.GotoBottom()
	case key.Matches(msg, k.Back):
		return true
	}
	return false
}

// scrollBy moves a text pane by delta lines, for the mouse wheel.
func scrollBy(vp *viewport.Model, delta int) {
	if delta < 0 {
		vp.ScrollUp(-delta)
	} else {
		vp.ScrollDown(delta)
	}
}
