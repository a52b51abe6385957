package cli_test

import (
	"strings"
	"testing"
)

// build's header says the counts are an estimate when the model is not
// in the table, as assemble's does, and the note says which name was
// probably meant.
func TestBuildHeaderSaysAnUnknownModelIsAnEstimate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ model, header, note string }{
		{"gpt-9", "tokenizer o200k_base (an estimate)", `note: model "gpt-9" is not in ctxlab's model table: token counts are o200k_base estimates`},
		{"gpt4o", "tokenizer o200k_base (an estimate)", `(did you mean gpt-4o?)`},
		{"gpt-4o", "tokenizer o200k_base · budget", ""},
	} {
		out, stderr, code := run(t, "", "build", "--docs", "../sample/docs/support_kb.jsonl", "--model", tc.model)
		if code != 0 {
			t.Fatalf("build --model %s: exit %d: %s", tc.model, code, stderr)
		}
		header, _, _ := strings.Cut(out, "\n")
		if !strings.Contains(header, tc.header) {
			t.Errorf("build --model %s: header %q lacks %q", tc.model, header, tc.header)
		}
		if tc.note != "" && !strings.Contains(stderr, tc.note) {
			t.Errorf("build --model %s: stderr %q lacks %q", tc.model, stderr, tc.note)
		}
		if tc.note == "" && strings.Contains(stderr, "note: model") {
			t.Errorf("build --model %s: a note for a model in the table: %s", tc.model, stderr)
		}
	}
}
