package tui

import (
	"fmt"
	"testing"

	"ctxlab/tui/term"

	tea "github.com/charmbracelet/bubbletea"
)

// commandMessages runs cmd and the commands of any batch it returns, and
// returns the messages, so a test can look for one among them.
func commandMessages(t *testing.T, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	var msgs []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg, ok := runCmd(c)
		if !ok {
			t.Fatal("a command hung")
		}
		if batch, isBatch := msg.(tea.BatchMsg); isBatch {
			queue = append(queue, batch...)
			continue
		}
		msgs = append(msgs, msg)
	}
	return msgs
}

func containsMsg(msgs []tea.Msg, want tea.Msg) bool {
	for _, m := range msgs {
		if m == want {
			return true
		}
	}
	return false
}

// containsMsgOfType: suspend's message holds functions, which == cannot
// compare, so the message is recognised by its type.
func containsMsgOfType(msgs []tea.Msg, want tea.Msg) bool {
	for _, m := range msgs {
		if fmt.Sprintf("%T", m) == fmt.Sprintf("%T", want) {
			return true
		}
	}
	return false
}

// TestCtrlZSuspendsFromAnywhere: Ctrl-Z asks Bubble Tea to suspend from
// the list, a text field and the help, and on resume the workbench asks
// for mouse tracking again.
func TestCtrlZSuspendsFromAnywhere(t *testing.T) {
	t.Parallel()
	open := map[string]func(Model) Model{
		"list":   func(m Model) Model { return m },
		"filter": func(m Model) Model { return keys(t, m, "/") },
		"help":   func(m Model) Model { return keys(t, m, "?") },
	}
	for name, openIt := range open {
		m := openIt(newTestModel(t, "support_chat", "dark", 120, 40))
		_, cmd := m.Update(keyMsg("ctrl+z"))
		if !containsMsgOfType(commandMessages(t, cmd), term.Suspend()) {
			t.Errorf("%s: ctrl+z did not suspend", name)
		}
	}
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	_, cmd := m.Update(tea.ResumeMsg{})
	if !containsMsg(commandMessages(t, cmd), tea.EnableMouseCellMotion()) {
		t.Error("resuming does not turn mouse tracking back on")
	}
}
