package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"
)

// TestResizeRapidlyAndDownToOneCell: every view survives sizes down to
// 1×1 (and 0×0, which a terminal reports while it is being set up), what
// it draws fits the window, and back at full size it is laid out as a
// fresh workbench is.
func TestResizeRapidlyAndDownToOneCell(t *testing.T) {
	t.Parallel()
	sizes := [][2]int{{1, 1}, {0, 0}, {2, 1}, {1, 3}, {10, 4}, {79, 23}, {80, 24}, {200, 60}, {1, 1}, {81, 24}, {120, 40}}
	for _, view := range []string{"1", "2", "3", "4", "5", "6", "d", "?"} {
		fresh := keys(t, newTestModel(t, "support_chat", "dark", 120, 40), view)
		m := keys(t, newTestModel(t, "support_chat", "dark", 120, 40), view)
		for _, size := range sizes {
			m = send(t, m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			screen := m.View()
			lines := strings.Split(screen, "\n")
			if size[1] > 0 && len(lines) > size[1] {
				t.Errorf("view %s at %d×%d: %d lines", view, size[0], size[1], len(lines))
			}
			for _, line := range lines {
				if w := runewidth.StringWidth(ansi.Strip(line)); size[0] > 0 && w > size[0] {
					t.Errorf("view %s at %d×%d: a line of %d cells: %q", view, size[0], size[1], w, ansi.Strip(line))
					break
				}
			}
		}
		// Back at full size the layout is a fresh one's: the same lines of
		// the same widths (the list may have scrolled to keep its cursor
		// in sight while the window was small).
		got, want := strings.Split(ansi.Strip(m.View()), "\n"), strings.Split(ansi.Strip(fresh.View()), "\n")
		if len(got) != len(want) {
			t.Errorf("view %s: back at 120×40, %d lines; a fresh one has %d", view, len(got), len(want))
			continue
		}
		for i := range got {
			if runewidth.StringWidth(got[i]) != runewidth.StringWidth(want[i]) {
				t.Errorf("view %s: back at 120×40, line %d is %d cells; a fresh one's is %d", view, i+1, runewidth.StringWidth(got[i]), runewidth.StringWidth(want[i]))
				break
			}
		}
		if got[0] != want[0] {
			t.Errorf("view %s: back at 120×40 the header reads %q, a fresh one's %q", view, got[0], want[0])
		}
	}
}
