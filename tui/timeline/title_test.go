package timeline

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core/trajectory"
)

// TestTitleKeepsTheWindowAt80Columns checks that the Timeline's title
// fits its box and keeps the window in sight: the model is left out,
// then a long trajectory name shortened, before the window would be cut.
func TestTitleKeepsTheWindowAt80Columns(t *testing.T) {
	tr := &trajectory.Trajectory{Name: "recordings/airline-task2-62-messages-with-a-long-name.json", Model: "gpt-4o-2024-08-06",
		Window: 11000, Turns: make([]trajectory.Turn, 30)}
	m := New(&Source{Trajectory: tr}, 0)
	for _, w := range []int{60, 80, 200} {
		title := m.Title(w)
		if ansi.StringWidth(title) > w-6 {
			t.Errorf("width %d: the title %q is %d cells, more than the box's %d", w, title, ansi.StringWidth(title), w-6)
		}
		if !strings.HasSuffix(title, "window 11,000") || !strings.Contains(title, "30 turns") {
			t.Errorf("width %d: the title %q lost the window or the turns", w, title)
		}
	}
	if title := m.Title(200); !strings.Contains(title, "airline-task2-62-messages-with-a-long-name.json") || !strings.Contains(title, "gpt-4o-2024-08-06") {
		t.Errorf("a wide box's title %q is not whole", title)
	}
}
