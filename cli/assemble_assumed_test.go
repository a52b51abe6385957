package cli_test

import (
	"strings"
	"testing"
)

const tauRequest = "../loaders/trajectory/testdata/taubench/airline-task2-62-messages.json"

// An imported request measured as sent is compared with the default
// preset's allocations, which no one chose: being over one is no
// finding. Chosen (a preset, an allocation flag), the findings return.
func TestAssumedAllocationsMakeNoOverFindings(t *testing.T) {
	cases := []struct {
		args []string
		want bool
	}{
		{nil, false},
		{[]string{"--preset", "agent_workflow", "--mode", "measure"}, true},
		{[]string{"--mode", "measure", "--system-budget", "1000"}, true},
	}
	for _, c := range cases {
		stdout, stderr, code := run(t, "", append([]string{"assemble", "--request", tauRequest}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		if !strings.Contains(stdout, "compared with preset agent_workflow's allocations") {
			t.Errorf("%v: the header lacks the comparison:\n%s", c.args, stdout)
		}
		got := strings.Contains(stdout, "component-over-allocation: System prompt: 1,248 tokens, 248 over its 1,000-token allocation")
		if got != c.want {
			t.Errorf("%v: over-allocation finding %v, want %v:\n%s", c.args, got, c.want, stdout)
		}
	}
}
