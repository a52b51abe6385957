package tui

import (
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/loaders/request"
)

// As sent, a recorded turn's line sets the provider's cache figures
// beside the prediction, and says when the cache was warm before the
// trajectory.
func TestTimelineTurnLineShowsRecordedCache(t *testing.T) {
	t.Parallel()
	cassette := filepath.Join("..", "loaders", "trajectory", "testdata", "pydantic-ai", "anthropic_cache_real_api.yaml")
	m := newTimelineModel(t, cassette, request.Options{}, "mono", 200, 40)
	m = keys(t, m, "g")
	want := "turn 1/2 (interaction 1) · as-sent: 1,118 tokens, 0 cached, 1,118 written · recorded 1,111 cached, 0 written (cache warm from before the trajectory)"
	if screen := screenOf(m); !strings.Contains(screen, want) {
		t.Fatalf("the timeline lacks %q:\n%s", want, screen)
	}
	m = keys(t, m, "G")
	want = "turn 2/2 (interaction 2) ● open · as-sent: 1,498 tokens, 1,118 cached, 380 written · recorded 1,111 cached, 418 written"
	if screen := screenOf(m); !strings.Contains(screen, want) {
		t.Fatalf("the timeline lacks %q:\n%s", want, screen)
	}
}
