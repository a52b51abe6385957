package tui

import (
	"strings"
	"testing"
)

// TestTimelineWithoutATrajectoryTakesNoKeys checks that the Timeline view
// of an input that is not a trajectory only says so: the keys it lists
// for a trajectory (moving, opening, policies, the baseline) neither
// crash the workbench nor do anything else.
func TestTimelineWithoutATrajectoryTakesNoKeys(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 100, 30)
	m = keys(t, m, "7")
	if m.view != viewTimeline {
		t.Fatalf("7 opened view %v, want the Timeline", m.view)
	}
	for _, k := range []string{"down", "j", "up", "k", "x", "O", "o", "enter", "p", "P", "left", "right", "h", "l", "g", "G"} {
		m = keys(t, m, k)
	}
	if view := m.View(); !strings.Contains(view, "No trajectory is loaded") {
		t.Errorf("the Timeline view no longer says no trajectory is loaded:\n%s", view)
	}
}
