package picker

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/themes"
)

// At 80 columns two traces of the same second and service are told
// apart by a trace column holding each id's first 8 hex digits.
func TestNarrowPickerShowsShortTraceIDs(t *testing.T) {
	traces := fixture()
	twin := traces[0]
	twin.ID = "5e2b7c1d00000000000000000000beef"
	traces = append(traces, twin)
	m := New("traces.jsonl", traces)
	m.SetSize(80, 24)
	screen := ansi.Strip(m.View(themes.New(themes.Default(true, false))))
	lines := strings.Split(screen, "\n")
	if !strings.Contains(lines[2], "trace") {
		t.Errorf("no trace column: %q", lines[2])
	}
	for _, id := range []string{"868d333a", "5e2b7c1d"} {
		if !strings.Contains(screen, " "+id) || strings.Contains(screen, id+"5") {
			t.Errorf("no short id %s:\n%s", id, screen)
		}
	}
	for i, line := range lines {
		if w := ansi.StringWidth(line); w > 80 {
			t.Errorf("line %d is %d wide: %q", i, w, line)
		}
	}
}
