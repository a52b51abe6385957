package loaders_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/loaders"
	"ctxlab/loaders/docs"
	"ctxlab/loaders/history"
	"ctxlab/loaders/scenario"
)

// YAML over the YAML size limit is refused before it is parsed, in one
// line naming the input, the limit and the flag; JSON of the same size,
// and YAML within the limit, are read. Every loader that parses YAML
// refuses it alike.
func TestYAMLOverTheLimitIsRefused(t *testing.T) {
	defer loaders.SetMaxYAMLSize(64)()
	yamlDocs := "- content: " + strings.Repeat("word ", 20) + "\n"
	want := "big.yaml: is larger than 64 bytes, the limit for YAML, which is parsed whole; raise it with --max-yaml-size, or write it as JSON or JSON Lines, which take only --max-input-size"
	for _, format := range []string{docs.FormatAuto, docs.FormatYAML} {
		_, _, err := docs.Parse("big.yaml", []byte(yamlDocs), format)
		if err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", format, err, want)
		}
	}
	json := `[{"content": "` + strings.Repeat("word ", 20) + `"}]`
	if _, _, err := docs.Parse("big.yaml", []byte(json), docs.FormatAuto); err != nil {
		t.Errorf("json: %v", err)
	}
	// Not JSON, too large to try as YAML, named as neither: the JSON
	// error alone.
	flow := "[ {content: " + strings.Repeat("word ", 20) + "} ]\n"
	if _, _, err := docs.Parse("stdin", []byte(flow), docs.FormatAuto); err == nil || strings.Contains(err.Error(), "YAML") {
		t.Errorf("stdin: got %v", err)
	}
	if _, err := history.Parse("h.yml", []byte("- role: user\n  content: "+strings.Repeat("hi ", 30)+"\n")); err == nil || !strings.Contains(err.Error(), "h.yml: is larger than 64 bytes, the limit for YAML") {
		t.Errorf("history: got %v", err)
	}
	path := filepath.Join(t.TempDir(), "presets.yaml")
	if err := os.WriteFile(path, []byte("presets:\n  a: {total_window: 1000}\n  b: {total_window: 2000}\n  c: {total_window: 3000}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := scenario.LoadBudgetFile(path); err == nil || !strings.Contains(err.Error(), "the limit for YAML") {
		t.Errorf("budget file: got %v", err)
	}
	restore := loaders.SetMaxYAMLSize(1 << 10)
	defer restore()
	if docs, _, err := docs.Parse("big.yaml", []byte(yamlDocs), docs.FormatAuto); err != nil || len(docs) != 1 {
		t.Errorf("within the limit: %d documents, %v", len(docs), err)
	}
}
