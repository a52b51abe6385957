package request

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"ctxlab/core"
)

// TestBilledAnthropicHaiku: the Haiku requests among the recordings
// (Claude Haiku 4.5, and Claude 3.5 Haiku as the renamed cassettes were
// sent) are each within the band the header gives, so the header needs no
// wider one for Haiku: Claude 3.5 Haiku's tool-use system prompt is 232
// tokens smaller than Claude Haiku 4.5's, and each is counted with its own.
func TestBilledAnthropicHaiku(t *testing.T) {
	_, lines := anthropicErrorsByClass(t)
	band := float64(core.AnthropicEstimateBandPercent)
	families := map[string]int{}
	for _, line := range lines {
		f := strings.Fields(line)
		if len(f) < 6 || (f[0] != anthropicModeled && f[0] != anthropicRelabelled) || !strings.Contains(f[4], "haiku") {
			continue
		}
		pct, err := strconv.ParseFloat(strings.TrimSuffix(f[1], "%"), 64)
		if err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		if math.Abs(pct) > band {
			t.Errorf("%s: %+.1f%%, beyond the ±%.0f%% band", line, pct, band)
		}
		families[strings.TrimSuffix(f[4], "-latest")]++
	}
	if families["claude-haiku-4-5"] < 6 || families["claude-3-5-haiku"] < 3 {
		t.Errorf("Haiku requests measured: %v", families)
	}
}
