package timeline

import (
	"strings"
	"testing"
)

// The turn numbers under the bars: a short trajectory's columns each get
// their number, none twice; a long one's first, selected and last turns
// are named once each.
func TestTurnNumbersNameEachTurnOnce(t *testing.T) {
	for _, c := range []struct {
		n, turn, avail int
		want           string
	}{
		{2, 1, 72, "turn  1     ↑2"},
		{3, 1, 72, "turn  1     ↑2    3"},
		{3, 2, 72, "turn  1     2     ↑3"},
		{30, 29, 72, "turn  1"},
		{30, 0, 72, "turn  ↑1"},
	} {
		g := layoutColumns(c.n, c.avail)
		got := strings.TrimRight(turnNumbers(g, c.turn, axisWidth+c.avail), " ")
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%d turns, turn %d selected: %q, want it to start %q", c.n, c.turn+1, got, c.want)
		}
		fields := strings.Fields(strings.ReplaceAll(got, "↑", " "))
		seen := map[string]bool{}
		for _, f := range fields[1:] {
			if seen[f] {
				t.Errorf("%d turns, turn %d selected: %q names turn %s twice", c.n, c.turn+1, got, f)
			}
			seen[f] = true
		}
	}
}
