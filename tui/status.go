package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// statusTTL is how long a status message stays in the footer, in place
// of the keys: long enough to read an export's path, short enough that it
// never describes a picture that has since changed.
const statusTTL = 8 * time.Second

// clearStatusMsg ends the status message it was scheduled for; a newer
// message has a newer id and stays.
type clearStatusMsg struct{ id int }

func (m *Model) setStatus(text string) {
	m.status = text
	m.statusID++
}

// statusExpiry schedules the end of a status message set since before.
func (m Model) statusExpiry(before int) tea.Cmd {
	if m.statusID == before || m.status == "" {
		return nil
	}
	id := m.statusID
	return tickAfter(statusTTL, func(time.Time) tea.Msg { return clearStatusMsg{id: id} })
}
