package core

import "testing"

// A model the table does not know is noted as an estimate, even when its
// tokenizer can be guessed from OpenAI's naming, and a typo of a known
// name is answered with the name.
func TestResolveModelNotesEveryUnknownModel(t *testing.T) {
	for _, tc := range []struct{ model, note string }{
		{"gpt-9", `model "gpt-9" is not in ctxlab's model table: token counts are o200k_base estimates`},
		{"o7-mini", `model "o7-mini" is not in ctxlab's model table: token counts are o200k_base estimates`},
		{"gpt4o", `model "gpt4o" is not in ctxlab's model table: token counts are o200k_base estimates (did you mean gpt-4o?)`},
		{"openai/gtp-4.1", `model "openai/gtp-4.1" is not in ctxlab's model table: token counts are o200k_base estimates (did you mean gpt-4.1?)`},
		{"gpt-4o", ""},
		{"text-embedding-3-small", ""},
	} {
		res, err := ResolveModel(tc.model, "", false)
		if err != nil {
			t.Fatalf("%s: %v", tc.model, err)
		}
		if res.Note != tc.note {
			t.Errorf("%s: note %q\nwant %q", tc.model, res.Note, tc.note)
		}
		if res.Tokenizer == nil {
			t.Errorf("%s: no tokenizer", tc.model)
		}
	}
}
