package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScenarioPathsStayInside: a scenario's paths may lead into its own
// folder, not out of it, by .., an absolute path
// or a symlink, unless AllowOutside.
func TestScenarioPathsStayInside(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	inside := filepath.Join(root, "project")
	outside := filepath.Join(root, "secrets")
	for _, dir := range []string{inside, outside, filepath.Join(inside, "docs")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	doc := `{"content": "a document of several words", "score": 0.9}` + "\n"
	for _, p := range []string{filepath.Join(inside, "docs", "kb.jsonl"), filepath.Join(outside, "kb.jsonl")} {
		if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(outside, "kb.jsonl"), filepath.Join(inside, "docs", "link.jsonl")); err != nil {
		t.Fatal(err)
	}
	cases := map[string]bool{ // path → allowed
		"docs/kb.jsonl":                    true,
		"./docs/../docs/kb.jsonl":          true,
		"../secrets/kb.jsonl":              false,
		filepath.Join(outside, "kb.jsonl"): false,
		"docs/link.jsonl":                  false,
		"../../../../../../etc/passwd":     false,
	}
	for path, allowed := range cases {
		scenario := filepath.Join(inside, "s.yaml")
		if err := os.WriteFile(scenario, []byte("name: x\nquery: q\ndocuments: "+path+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadFile(scenario, Options{})
		refused := err != nil && strings.Contains(err.Error(), "leads outside the scenario's folder; --allow-outside allows it")
		if allowed && err != nil || !allowed && !refused {
			t.Errorf("documents: %s: got %v; allowed %v", path, err, allowed)
		}
		if !allowed && strings.HasPrefix(path, "..") && path != "../secrets/kb.jsonl" {
			continue // /etc/passwd is not documents; only the refusal matters
		}
		if _, err := LoadFile(scenario, Options{AllowOutside: true}); err != nil {
			t.Errorf("documents: %s with AllowOutside: %v", path, err)
		}
	}
}
