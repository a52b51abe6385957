package cli_test

import (
	"strings"
	"testing"
)

// A flag's value that does not parse is refused in one line that names
// the flag as typed (two dashes), the value, and what was expected,
// never the flag package's "invalid value ... for flag -x: parse error".
func TestFlagValueErrorsNameTheFlagAndWhatWasExpected(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"assemble", "--rag-budget", "abc"}, `ctxlab: assemble: --rag-budget: "abc" is not a whole number; expected 0 or more tokens (run ctxlab assemble --help)`},
		{[]string{"build", "--dedup-threshold", "high"}, `ctxlab: build: --dedup-threshold: "high" is not a number; expected a number in [0, 1] (run ctxlab build --help)`},
		{[]string{"assemble", "--rerank=maybe"}, `ctxlab: assemble: --rerank: "maybe" is not on/off (true or false) (run ctxlab assemble --help)`},
		{[]string{"assemble", "--rag-budget", "99999999999999999999999"}, `ctxlab: assemble: --rag-budget: "99999999999999999999999" is too large a number; expected 0 or more tokens`},
		{[]string{"build", "--budget", "1e3"}, `ctxlab: build: --budget: "1e3" is not a whole number (run ctxlab build --help)`},
		{[]string{"assemble", "--full=perhaps"}, `ctxlab: assemble: --full: "perhaps" is not true or false (run ctxlab assemble --help)`},
		{[]string{"build", "--max-input-size", "1QB"}, `ctxlab: build: --max-input-size: "1QB" is not a size; expected a whole number of bytes`},
		{[]string{"assemble", "--interaction"}, `ctxlab: assemble: --interaction needs a value (run ctxlab assemble --help)`},
		{[]string{"diff", "a.yaml", "b.yaml", "--full=maybe"}, `ctxlab: diff: --full: "maybe" is not true or false (run ctxlab diff --help)`},
		{[]string{"diff", "a.yaml", "--nope"}, `ctxlab: diff: unknown option "--nope"`},
		{[]string{"tokens", "x.txt", "--nope"}, `ctxlab: tokens: unknown option "--nope" (run ctxlab tokens --help)`},
		{[]string{"--window", "wide"}, `ctxlab: --window: "wide" is not a whole number; expected a positive number of tokens (run ctxlab --help)`},
	} {
		_, stderr, code := run(t, "", tc.args...)
		line := strings.TrimSpace(stderr)
		if code == 0 || !strings.HasPrefix(line, tc.want) || strings.Contains(line, "\n") || strings.Contains(line, "parse error") {
			t.Errorf("ctxlab %s: exit %d, %q; want one line starting %q", strings.Join(tc.args, " "), code, stderr, tc.want)
		}
	}
}
