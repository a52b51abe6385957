package cli_test

import (
	"strings"
	"testing"
)

// Every loader says an empty file is empty, whatever it expected in it.
func TestEveryLoaderSaysAnEmptyFileIsEmpty(t *testing.T) {
	t.Parallel()
	empty := writeFile(t, "empty.json", "")
	emptyJSONL := writeFile(t, "empty.jsonl", " \n\n")
	traces := "../loaders/trace/testdata/openinference/traces.jsonl"
	for _, args := range [][]string{
		{"build", "--docs", empty},
		{"build", "--docs", "../sample/docs/support_kb.jsonl", "--history", empty},
		{"assemble", "--request", empty},
		{"assemble", "--request", empty, "--span-id", "0123456789abcdef"},
		{"assemble", "--scenario", empty},
		{"replay", "--trajectory", empty},
		{"replay", "--trajectory", emptyJSONL},
		{"report", "--trajectory", empty},
		{"replay", "--trajectory", traces, "--trace-id", "01c91249c9db3576dcf24e2996bb9907", "--logs", empty},
		{"traces", empty},
		{"eval", "--run", empty},
		{"presets", "--budget-file", empty},
		{"monitor", empty},
	} {
		_, stderr, code := run(t, "", args...)
		if code == 0 || !strings.Contains(stderr, "empty.json") && !strings.Contains(stderr, "empty.jsonl") ||
			!strings.Contains(stderr, ": input is empty; expected ") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("ctxlab %s: exit %d, %q; want one line naming the file: input is empty; expected ...", strings.Join(args, " "), code, stderr)
		}
	}
}
