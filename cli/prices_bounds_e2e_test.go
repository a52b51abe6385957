package cli_test

import (
	"strings"
	"testing"
)

// TestPricesOutOfRangeAreRefused: a price file with a rate of 1e308 $/M
// stops every command that prices a request with one line naming the file,
// the line and the field, instead of a JSON report failing on +Inf.
func TestPricesOutOfRangeAreRefused(t *testing.T) {
	t.Parallel()
	huge := writeFile(t, "huge.yaml", "models:\n  gpt-4o: {input: 1e308, output: 1}\n")
	want := huge + ": line 2, column 19: models.gpt-4o.input 1e308 is above 10,000; expected US dollars per million tokens, from 0 to 10,000"
	for _, args := range [][]string{
		{"prices", "--prices", huge, "--format", "json"},
		{"assemble", "--model", "gpt-4o", "--prices", huge, "--format", "json"},
	} {
		stdout, stderr, code := run(t, "", args...)
		if code != 1 || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 || strings.Contains(stdout+stderr, "Inf") {
			t.Errorf("%s: exit %d, stderr %q; want one line with %q", strings.Join(args, " "), code, stderr, want)
		}
	}
}
