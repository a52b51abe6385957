package html

import (
	"testing"

	"ctxlab/cli/report"
)

// TestWindowBarBreaksOnlyForADominantReserve: a reserve of most of the
// window beside a small input breaks the axis; a large window with room
// to spare, or a reserve beside a full input, is drawn to scale.
func TestWindowBarBreaksOnlyForADominantReserve(t *testing.T) {
	for _, c := range []struct {
		name   string
		w      report.Window
		broken bool
	}{
		{"4,096 reserve, 71 input", report.Window{Window: 4150, Reserve: 4096, MaxInput: 54, Used: 71}, true},
		{"bundled sample", report.Window{Window: 128000, Reserve: 2000, MaxInput: 126000, Used: 4892}, false},
		{"3,000 reserve, full input", report.Window{Window: 4150, Reserve: 3000, MaxInput: 1150, Used: 3080}, false},
	} {
		r := &report.Report{Window: &c.w, Components: []report.Component{{Name: "system prompt", Used: c.w.Used}}}
		b := windowBar(r)
		if got := len(b.Breaks) > 0 && b.Note != ""; got != c.broken {
			t.Errorf("%s: broken %v, want %v", c.name, got, c.broken)
		}
		if c.broken {
			// The input, to scale left of the break, takes most of the bar.
			if b.Segments[1].Class != "used" || b.Segments[1].W != x(float64(brokenInputEnd)) {
				t.Errorf("%s: the input is %s units wide, want %d", c.name, b.Segments[1].W, brokenInputEnd)
			}
		}
	}
}
