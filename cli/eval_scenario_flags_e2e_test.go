package cli_test

import (
	"strings"
	"testing"
)

// A file flag beside a scenario's eval: run replaces that file of the
// run: --qrels names the judgments the scenario's run is scored against,
// and a missing one is refused, not passed over.
func TestEvalQrelsFlagOverridesTheScenarios(t *testing.T) {
	t.Parallel()
	const scenario = "../sample/eval/help_center.yaml"
	_, stderr, code := run(t, "", "eval", "--scenario", scenario, "--qrels", "no-such-qrels.tsv")
	if code != 1 || !strings.Contains(stderr, "no-such-qrels.tsv") {
		t.Fatalf("exit %d, stderr %q: expected the missing --qrels file refused", code, stderr)
	}
	none := writeFile(t, "none.tsv", "query-id\tcorpus-id\tscore\n")
	out, stderr, code := run(t, "", "eval", "--scenario", scenario, "--qrels", none)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(out, "Context recall      0.74") {
		t.Errorf("the scenario's own judgments were used:\n%s", out)
	}
}
