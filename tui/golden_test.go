package tui

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestGoldenViews pins every view at the smallest supported size and a
// large one, in a colour theme and the monochrome one. Run
// `go test ./tui -update` after an intended change and read the diff.
func TestGoldenViews(t *testing.T) {
	t.Parallel()
	sizes := []struct{ w, h int }{{80, 24}, {160, 48}}
	for _, theme := range []string{"dark", "mono"} {
		for _, size := range sizes {
			m := newTestModel(t, "support_chat", theme, size.w, size.h)
			for v := range viewNames {
				name := fmt.Sprintf("%s_%dx%d_%s_%s", theme, size.w, size.h, viewKeys[v], viewNames[v])
				t.Run(name, func(t *testing.T) {
					mv := keys(t, m, viewKeys[v])
					golden.RequireEqual(t, []byte(mv.View()))
				})
			}
		}
	}
}

// TestGoldenInspectorNarrow shows the inspector full width below 100
// columns, where it cannot sit beside the list.
func TestGoldenInspectorNarrow(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 80, 24)
	m = keys(t, m, "enter")
	golden.RequireEqual(t, []byte(m.View()))
}

// TestGoldenTooSmall tells the user what size is needed.
func TestGoldenTooSmall(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 70, 20)
	golden.RequireEqual(t, []byte(m.View()))
}

// TestGoldenChatLayout shows the Budget view in the chat layout with the
// history allocation lowered, so whole messages are dropped and the notes
// say which.
func TestGoldenChatLayout(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	m = keys(t, m, "c")
	m.controls.SelectID("layout")
	m = keys(t, m, "right")
	m.controls.SelectID("history")
	m = keys(t, m, "enter")
	m.controls.SetInput("")
	m = typeText(t, m, "600")
	m = keys(t, m, "enter", "esc", "3")
	golden.RequireEqual(t, []byte(m.View()))
}
