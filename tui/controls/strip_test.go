package controls

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/window"
)

// keyMsg is the key s as Bubble Tea delivers it.
func keyMsg(s string) tea.KeyMsg {
	switch s {
	case " ":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	case "left":
		return tea.KeyMsg{Type: tea.KeyLeft}
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

func TestStripOutcomes(t *testing.T) {
	s := core.DefaultSettings()
	c := New(window.BuiltinPresets(), nil, s, true)
	c.SelectID("dedup")
	if _, out, _ := c.Update(keyMsg(" "), s, 120); out.Settings != nil {
		t.Error("space changed a control that is not a toggle")
	}
	_, out, _ := c.Update(keyMsg("left"), s, 120)
	if out.Settings == nil || out.Settings.Pipeline.DedupThreshold >= s.Pipeline.DedupThreshold {
		t.Errorf("left on dedup: %+v", out.Settings)
	}
	if _, out, _ := c.Update(keyMsg("r"), s, 120); !out.Reset {
		t.Error("r did not ask for a reset")
	}
	if _, out, _ := c.Update(keyMsg("esc"), s, 120); !out.Leave {
		t.Error("esc did not give the keyboard back")
	}
	c, _, _ = c.Update(keyMsg("enter"), s, 120)
	if !c.editing {
		t.Fatal("enter did not open the input")
	}
	c, out, _ = c.Update(keyMsg("esc"), s, 120)
	if c.editing || out.Leave {
		t.Errorf("esc in the input: editing %v, leave %v", c.editing, out.Leave)
	}
}
