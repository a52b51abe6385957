package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMaxYAMLSize: YAML documents over --max-yaml-size are refused in one
// line naming the file, the limit and the flag; raised, the same file is
// read, and the limit does not outlive the run. It changes the
// process-wide limit through cli.Main, so it does not run in parallel.
func TestMaxYAMLSize(t *testing.T) {
	docs := filepath.Join(t.TempDir(), "docs.yaml")
	var b strings.Builder
	for range 40 {
		b.WriteString("- content: " + strings.Repeat("word ", 10) + "\n  score: 0.5\n")
	}
	if err := os.WriteFile(docs, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := run(t, "", "build", "--max-yaml-size", "1KiB", "--docs", docs)
	want := "ctxlab: " + docs + ": is larger than 1 KiB (1,024 bytes), the limit for YAML, which is parsed whole; raise it with --max-yaml-size, or write it as JSON or JSON Lines, which take only --max-input-size\n"
	if code != 1 || stderr != want {
		t.Errorf("over the limit: exit %d, stderr %q; want %q", code, stderr, want)
	}
	if _, stderr, code := run(t, "", "build", "--max-yaml-size", "1MiB", "--docs", docs); code != 0 {
		t.Errorf("within a raised limit: exit %d, %s", code, stderr)
	}
	if _, stderr, code := run(t, "", "build", "--docs", docs); code != 0 {
		t.Errorf("after a run with a lower limit: exit %d, %s", code, stderr)
	}
	_, stderr, code = run(t, "", "build", "--max-yaml-size", "lots", "--docs", docs)
	if code != 1 || !strings.Contains(stderr, "max-yaml-size") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("--max-yaml-size lots: exit %d, stderr %q; want one line refusing the flag", code, stderr)
	}
}
