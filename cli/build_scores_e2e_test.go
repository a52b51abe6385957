package cli_test

import (
	"strings"
	"testing"
)

// TestBuildScoresShowTheirOrder: two scores that round to 1.00 at two
// decimals print with as many as it takes to tell them apart.
func TestBuildScoresShowTheirOrder(t *testing.T) {
	t.Parallel()
	docs := `{"content": "Refunds are issued to the original payment method within five business days.", "source": "a.md", "score": 0.99999}
{"content": "Exchanges ship once the returned item reaches our warehouse and passes inspection.", "source": "b.md", "score": 0.99998}
{"content": "Gift cards never expire and can be combined at checkout with any other payment.", "source": "c.md", "score": 0.5}`
	stdout, stderr, code := run(t, docs, "build", "--docs", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"0.99999", "0.99998", "0.50000"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the report lacks the score %s:\n%s", want, stdout)
		}
	}
}
