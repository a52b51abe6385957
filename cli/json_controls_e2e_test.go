package cli_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// hostileText carries what the audit found raw in JSON output: C1
// controls (U+009B acts as CSI on some terminals), DEL, a right-to-left
// override and zero-width characters.
const hostileText = "Refunds \u009b31m take \u009dtitle\u009c five\x7f days \u202eroh\u202c and \u200bzero\u200dwidth \ufeffmarks."

// TestJSONOutputsEscapeControls: every --format json output writes those
// characters as \u escapes, and the document still decodes to the same
// text.
func TestJSONOutputsEscapeControls(t *testing.T) {
	t.Parallel()
	doc, err := json.Marshal(map[string]any{"content": strings.Repeat(hostileText+" ", 4), "score": 0.9, "source": "kb\u202e.md"})
	if err != nil {
		t.Fatal(err)
	}
	docs := writeFile(t, "docs.jsonl", string(doc)+"\n")
	text := writeFile(t, "long.txt", strings.Repeat(hostileText+"\n\n", 30))
	query, err := json.Marshal(map[string]any{"_id": "q\u202e1", "text": hostileText})
	if err != nil {
		t.Fatal(err)
	}
	queries := writeFile(t, "queries.jsonl", string(query)+"\n")
	corpus := writeFile(t, "corpus.jsonl", `{"_id": "d1", "title": "Refunds", "text": "Refunds take five days."}`+"\n")
	trecRun := writeFile(t, "run.trec", "q\u202e1 Q0 d1 1 9.5 bm25\n")
	for _, args := range [][]string{
		{"build", "--docs", docs, "--format", "json"},
		{"assemble", "--docs", docs, "--query", "refunds \u202e?", "--format", "json"},
		{"longdoc", text, "--format", "json"},
		{"tokens", text, "--format", "json"},
		{"eval", "--run", trecRun, "--corpus", corpus, "--queries", queries, "--format", "json"},
	} {
		stdout, stderr, code := run(t, "", args...)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", args[0], code, stderr)
			continue
		}
		for _, r := range []rune{0x9b, 0x9d, 0x9c, 0x7f, 0x202e, 0x202c, 0x200b, 0x200d, 0xfeff} {
			if strings.ContainsRune(stdout, r) {
				t.Errorf("%s --format json writes U+%04X raw", args[0], r)
			}
		}
		if !json.Valid([]byte(stdout)) {
			t.Errorf("%s: output is not JSON", args[0])
		}
		if args[0] != "tokens" && !strings.Contains(stdout, `\u202e`) {
			t.Errorf("%s: the override is not written as an escape", args[0])
		}
	}
}
