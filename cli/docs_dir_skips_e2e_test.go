package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocsDirReportsWhatItSkipped: build and assemble on a directory say
// on stderr which files they did not read and why; assemble's report
// keeps them among the input's notes.
func TestDocsDirReportsWhatItSkipped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, content := range map[string]string{
		"refunds.md":  "Refunds are issued to the original payment method within five business days.",
		"policy.pdf":  "%PDF-1.7",
		".notes.md":   "a draft",
		"sub/faq.txt": "Exchanges ship once the return arrives.",
	} {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wantStderr := []string{
		"ctxlab: note: skipped 1 file in " + dir + ", not .md, .markdown or .txt: policy.pdf",
		"ctxlab: note: skipped 1 file in " + dir + ", hidden (its name starts with a dot): .notes.md",
	}
	for _, args := range [][]string{{"build", "--docs", dir}, {"assemble", "--docs", dir}} {
		stdout, stderr, code := run(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		for _, want := range wantStderr {
			if !strings.Contains(stderr, want+"\n") {
				t.Errorf("%v: stderr lacks %q:\n%s", args, want, stderr)
			}
		}
		if args[0] == "assemble" && !strings.Contains(stdout, "note: skipped 1 file in "+dir+", not .md") {
			t.Errorf("assemble's report lacks the skipped file among its notes:\n%s", stdout)
		}
	}
}
