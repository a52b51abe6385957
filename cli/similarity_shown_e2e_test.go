package cli_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A similarity is printed so that typing it as --dedup-threshold removes
// the document and typing the next value up at the same precision keeps
// it: cut, not rounded (#34's similarity to #15 is 0.7299..., shown as
// 0.729, never 0.730). The finding, the dedup list and the fix say the
// same value.
func TestShownSimilarityTellsWhichSideOfAThreshold(t *testing.T) {
	t.Parallel()
	docs := "../sample/docs/support_kb.jsonl"
	stdout, stderr, code := run(t, "", "build", "--docs", docs, "--budget", "1550", "--dedup-threshold", "0.72")
	if code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"#34 kb/archive/2025/refund-policy-v3.md: near duplicate of #15 kb/returns/refund-policy.md (J=0.729)",
		"was removed as a near duplicate (similarity 0.729) of #15",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("build output lacks %q", want)
		}
	}
	suggest, _, _ := run(t, "", "assemble", "--docs", docs, "--rag-budget", "1550", "--suggest")
	if !strings.Contains(suggest, "their shingle similarity is 0.729, and a dedup threshold of 0.72") {
		t.Errorf("the fix does not say similarity 0.729:\n%s", suggest)
	}
	shown := regexp.MustCompile(`≈ (#\d+) .*\(J=(\d\.\d+)\)`).FindAllStringSubmatch(stdout, -1)
	if len(shown) < 3 {
		t.Fatalf("found %d near duplicates in the dedup list; want 3 or more:\n%s", len(shown), stdout)
	}
	for _, m := range shown {
		doc, value := m[1], m[2]
		j, _ := strconv.ParseFloat(value, 64)
		next := strconv.FormatFloat(j+0.001, 'f', 3, 64)
		for _, tc := range []struct {
			threshold string
			removed   bool
		}{{value, true}, {next, false}} {
			out, _, _ := run(t, "", "build", "--docs", docs, "--budget", "1550", "--dedup-threshold", tc.threshold)
			got := regexp.MustCompile(`≈ ` + doc + ` .*\(J=`).MatchString(out)
			if got != tc.removed {
				t.Errorf("%s shown with J=%s: at --dedup-threshold %s removed=%v; want %v", doc, value, tc.threshold, got, tc.removed)
			}
		}
	}
}
