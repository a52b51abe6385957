package tui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"ctxlab/internal/racetest"

	tea "github.com/charmbracelet/bubbletea"
)

// TestRandomKeysNeverBreakTheScreen presses random keys, bound or not, in
// every pane and view: nothing may panic, and every frame must have
// exactly the terminal's height and no line wider than it.
func TestRandomKeysNeverBreakTheScreen(t *testing.T) {
	pool := []string{"j", "k", "g", "G", "[", "]", "x", "enter", "esc", "tab", "shift+tab", "c", "left", "right",
		"up", "down", "space", "r", "1", "2", "3", "4", "5", "/", "a", "?", "t", "pgup", "pgdown", "home", "end",
		"ctrl+u", "ctrl+d", "-", "+", "backspace", "h", "l", "0", "9", "."}
	runs := []struct {
		scenario string
		size     [2]int
	}{{"support_chat", [2]int{80, 24}}, {"support_chat", [2]int{120, 40}}, {"overflow", [2]int{100, 30}}, {"agent_workflow", [2]int{160, 48}}, {"document_qa", [2]int{80, 24}}}
	for _, run := range runs {
		size := run.size
		// Each run has its own model and random source: they run side by side.
		t.Run(fmt.Sprintf("%s_%dx%d", run.scenario, size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			m := newTestModel(t, run.scenario, "mono", size[0], size[1])
			rng := rand.New(rand.NewPCG(7, uint64(size[0])))
			for i := 0; i < racetest.Cut(400, 3); i++ {
				k := pool[rng.IntN(len(pool))]
				if k == "e" || k == "y" {
					continue // export and copy have their own tests
				}
				next, cmd := m.Update(keyMsg(k))
				m = settle(t, next.(Model), cmd)
				if i%3 == 0 {
					m = send(t, m, tea.MouseMsg{X: rng.IntN(size[0]), Y: rng.IntN(size[1]), Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
				}
				lines := strings.Split(m.View(), "\n")
				if len(lines) != size[1] {
					t.Fatalf("%s %dx%d after %d keys (last %q): %d lines", run.scenario, size[0], size[1], i+1, k, len(lines))
				}
				for n, l := range lines {
					if w := lipglossWidth(l); w > size[0] {
						t.Fatalf("%s %dx%d after %d keys (last %q): line %d is %d wide: %q", run.scenario, size[0], size[1], i+1, k, n, w, l)
					}
				}
			}
		})
	}
}
