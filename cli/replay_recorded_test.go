package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const warmCassette = "../loaders/trajectory/testdata/pydantic-ai/anthropic_cache_real_api.yaml"

// A cassette recorded against a warm cache: replay prices the recorded
// usage beside the prediction and says the cache was warm.
func TestReplayShowsRecordedCacheAndWarmStart(t *testing.T) {
	stdout, stderr, code := run(t, "", "replay", "--trajectory", warmCassette, "--policy", "as-sent")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"as recorded: 84% cached, $2.25 per 1,000 trajectories",
		"The recording read 1,111 tokens from the cache at turn 1, more than the trajectory could have written before it (0): the cache was warm",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("text lacks %q:\n%s", want, stdout)
		}
	}

	stdout, stderr, code = run(t, "", "replay", "--trajectory", warmCassette, "--policy", "as-sent", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Policies []struct {
			Turns []struct {
				CachedTokens int `json:"cached_tokens"`
				Recorded     *struct {
					CachedTokens int `json:"cached_tokens"`
				} `json:"recorded"`
			} `json:"turns"`
		} `json:"policies"`
		Recorded *struct {
			CachedTokens int      `json:"cached_tokens"`
			Per1000USD   *float64 `json:"per_1000_usd"`
			WarmTurn     int      `json:"warm_turn"`
			Warm         string   `json:"warm"`
		} `json:"recorded"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	if out.Recorded == nil || out.Recorded.CachedTokens != 2222 || out.Recorded.Per1000USD == nil || out.Recorded.WarmTurn != 1 || out.Recorded.Warm == "" {
		t.Fatalf("recorded %+v", out.Recorded)
	}
	turn1 := out.Policies[0].Turns[0]
	if turn1.Recorded == nil || turn1.Recorded.CachedTokens != 1111 || turn1.CachedTokens != 0 {
		t.Errorf("as-sent turn 1: predicted %d cached, recorded %+v; want 0 beside 1,111", turn1.CachedTokens, turn1.Recorded)
	}
}

// The shareable reports set the recorded usage beside the prediction:
// its price, each turn's recorded cache reads, the warm cache.
func TestReportShowsRecordedCache(t *testing.T) {
	stdout, stderr, code := run(t, "", "replay", "--trajectory", warmCassette, "--format", "markdown")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"As recorded: 84% cached, $2.25 per 1,000 trajectories, the provider's recorded usage priced at the same rates (as-sent predicts 43% cached, $5.95 per 1,000).",
		"the cache was warm from before the trajectory",
		"| 1 | interaction 1 | 1,118 | 0 (recorded 1,111) |",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("markdown lacks %q:\n%s", want, stdout)
		}
	}
	out := filepath.Join(t.TempDir(), "r.html")
	if _, stderr, code := run(t, "", "report", "--trajectory", warmCassette, "--out", out); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"As recorded: 84% cached, $2.25 per 1,000 trajectories", ">0 (recorded 1,111)</td>"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the HTML report lacks %q", want)
		}
	}
}
