package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The help names the six numbered views with their keys on its first
// screen at 80×24, not "1-6 views".
func TestHelpNamesTheSixViews(t *testing.T) {
	m := keys(t, newTestModel(t, "support_chat", "mono", 80, 24), "?")
	screen := ansi.Strip(m.View())
	for i, name := range viewNames[:6] {
		if want := " " + viewKeys[i] + "  " + name + ": "; !strings.Contains(screen, want) {
			t.Errorf("the help's first screen lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "1-6") {
		t.Errorf("the help still says 1-6:\n%s", screen)
	}
}
