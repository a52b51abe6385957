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

// statusLine is the message the footer shows in place of the keys for a
// while. Each message has an id, so only its own timer clears it.
type statusLine struct {
	text string
	id   int
	// changedID is the message that counts the documents the last change
	// moved, cleared when a later change moves none.
	changedID int
}

func (s *statusLine) set(text string) {
	s.text = text
	s.id++
}

// clear ends message id, unless a newer one replaced it.
func (s *statusLine) clear(id int) {
	if id == s.id {
		s.text = ""
	}
}

// setChangedCount shows how many documents a change moved, remembered so
// that a later change moving none can take it back.
func (s *statusLine) setChangedCount(text string) {
	s.set(text)
	s.changedID = s.id
}

// dropChangedCount clears the count of moved documents if it is still
// the message shown: it counted what an earlier change moved.
func (s *statusLine) dropChangedCount() {
	if s.id == s.changedID {
		s.text = ""
	}
}

// expiry schedules the end of a message set since message before.
func (s statusLine) expiry(before int) tea.Cmd {
	if s.id == before || s.text == "" {
		return nil
	}
	id := s.id
	return tickAfter(statusTTL, func(time.Time) tea.Msg { return clearStatusMsg{id: id} })
}
