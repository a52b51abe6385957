package tui

import (
	"testing"

	"ctxlab/tui/controls"

	tea "github.com/charmbracelet/bubbletea"
)

// TestCtrlCQuitsFromATextField: the filter, a control's value editor and
// the control finder each take typed keys, and Ctrl-C still quits.
func TestCtrlCQuitsFromATextField(t *testing.T) {
	t.Parallel()
	open := map[string]func(Model) Model{
		"filter": func(m Model) Model { return keys(t, m, "/") },
		"value editor": func(m Model) Model {
			m = keys(t, m, "c")
			for i, ctl := range m.controls.Controls() {
				if ctl.Kind == controls.KindText {
					m.controls.Select(i)
					break
				}
			}
			return keys(t, m, "enter")
		},
		"help": func(m Model) Model { return keys(t, m, "?") },
	}
	for name, openField := range open {
		m := openField(newTestModel(t, "support_chat", "dark", 120, 40))
		if name == "filter" && !m.filter.Editing() || name == "value editor" && !m.controls.Editing() || name == "help" && !m.views.helpOpen {
			t.Fatalf("%s did not open", name)
		}
		_, cmd := m.Update(keyMsg("ctrl+c"))
		if cmd == nil {
			t.Errorf("%s: ctrl+c returned no command", name)
			continue
		}
		if _, quit := cmd().(tea.QuitMsg); !quit {
			t.Errorf("%s: ctrl+c did not quit", name)
		}
	}
}
