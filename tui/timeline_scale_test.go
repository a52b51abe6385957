package tui

import (
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/loaders/request"
)

// A trajectory whose requests stay far below the window is drawn on its
// own scale, the window named above it, so its bars are more than a row
// high; the policy lines say the unit and that refused turns cost
// nothing.
func TestTimelineSmallTurnsTakeTheirOwnScale(t *testing.T) {
	path := filepath.Join("..", "loaders", "trajectory", "testdata", "pydantic-ai", "anthropic_cache_real_api.yaml")
	m := newTimelineModel(t, path, request.Options{Window: 128000, Reserve: 100}, "mono", 100, 30)
	screen := screenOf(m)
	if !strings.Contains(screen, "128k─ ↑ window 128k above, off this scale") {
		t.Fatalf("the window is not named above the scale:\n%s", screen)
	}
	if strings.Contains(screen, "128k│") || strings.Contains(screen, "128k┤") {
		t.Errorf("the window is drawn on the scale:\n%s", screen)
	}
	tall := 0
	for _, line := range strings.Split(screen, "\n") {
		_, after, ok := strings.Cut(line, "│")
		if ok && !strings.Contains(line, "cache│") && !strings.HasPrefix(after, " ") {
			tall++
		}
	}
	if tall < 3 {
		t.Errorf("the bars are %d rows high, want at least 3:\n%s", tall, screen)
	}
	if !strings.Contains(screen, "per 1,000 trajectories") {
		t.Errorf("the policy line does not name the unit:\n%s", screen)
	}
}

// A policy whose turns overflow says they are refused and not priced.
func TestTimelinePolicyLineSaysRefusedTurnsAreNotPriced(t *testing.T) {
	m := newTimelineModel(t, tauBench, request.Options{Window: 11000, Reserve: 1000}, "mono", 200, 50)
	screen := screenOf(m)
	if !strings.Contains(screen, "4 over (first 27, refused: not priced), 93% cached, $203.32 per 1,000 trajectories") {
		t.Errorf("the as-sent line does not say its refused turns are not priced:\n%s", screen)
	}
}

// With the window off the scale, the reserve is not stacked on the bars:
// at 80×24 a 4,096-token reserve beside requests of a few hundred tokens
// would fill the three rows there are, and the requests would not show.
func TestTimelineOffScaleBarsShowTheRequests(t *testing.T) {
	path := filepath.Join("..", "loaders", "trajectory", "testdata", "pydantic-ai", "anthropic_cache_real_api.yaml")
	m := newTimelineModel(t, path, request.Options{Window: 128000, Reserve: 4096}, "mono", 80, 24)
	screen := screenOf(m)
	if !strings.Contains(screen, "off this scale; reserve not drawn") {
		t.Fatalf("the scale note does not say the reserve is left out:\n%s", screen)
	}
	for _, line := range strings.Split(screen, "\n") {
		_, bar, ok := strings.Cut(line, "│")
		if ok && !strings.Contains(line, "cache│") && strings.Contains(bar, "┊") {
			t.Fatalf("a bar stacks the reserve (┊) off the scale:\n%s", screen)
		}
	}
}
