package cursor

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// TestRowsFollowTheKeys: over 10 rows, 4 on screen, each movement key
// moves the cursor within the list and scrolls so it stays on screen; a
// key that is not a movement key moves nothing.
func TestRowsFollowTheKeys(t *testing.T) {
	const n, height = 10, 4
	k := NewMoveKeys()
	var c Rows
	for _, step := range []struct {
		key            string
		cursor, offset int
	}{
		{"j", 1, 0}, {"j", 2, 0}, {"j", 3, 0}, {"j", 4, 1},
		{"pgdown", 8, 5}, {"G", 9, 6}, {"j", 9, 6},
		{"k", 8, 6}, {"pgup", 4, 4}, {"g", 0, 0}, {"k", 0, 0},
	} {
		msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(step.key)}
		switch step.key {
		case "pgdown":
			msg = tea.KeyMsg{Type: tea.KeyPgDown}
		case "pgup":
			msg = tea.KeyMsg{Type: tea.KeyPgUp}
		}
		if !c.Navigate(msg, k, height, n) {
			t.Fatalf("%s is not a movement key", step.key)
		}
		if c.Cursor != step.cursor || c.Offset != step.offset {
			t.Fatalf("%s: cursor %d offset %d, want %d %d", step.key, c.Cursor, c.Offset, step.cursor, step.offset)
		}
	}
	if c.Navigate(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("s")}, k, height, n) {
		t.Error("s moved the cursor")
	}
	c.SelectVisibleRow(2, n)
	if c.Cursor != 2 {
		t.Errorf("the third row on screen selected row %d", c.Cursor)
	}
	c.SelectVisibleRow(20, n)
	if c.Cursor != n-1 {
		t.Errorf("a row below the list selected row %d, not the last", c.Cursor)
	}
	var empty Rows
	empty.Move(3, height, 0)
	if empty.Cursor != 0 || empty.Offset != 0 {
		t.Errorf("an empty list moved to %d %d", empty.Cursor, empty.Offset)
	}
}
