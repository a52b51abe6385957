package core

import (
	"strings"
	"testing"

	"ctxlab/core/tokens"
)

func TestResolveModel(t *testing.T) {
	cases := []struct {
		model, tokenizer string
		given            bool
		wantTokenizer    string
		wantWindow       int
		wantNote         bool
	}{
		{"", tokens.TokenizerCL100K, true, tokens.TokenizerCL100K, 0, false},
		{"gpt-4", "", false, tokens.TokenizerCL100K, 8_192, false},
		{"gpt-4o", tokens.TokenizerO200K, true, tokens.TokenizerO200K, 128_000, false},
		// Known to the encoding table only: no window.
		{"text-embedding-3-small", "", false, tokens.TokenizerCL100K, 0, false},
		{"claude-sonnet-4-5", "", false, tokens.TokenizerO200K, 200_000, true},
	}
	for _, c := range cases {
		res, err := ResolveModel(c.model, c.tokenizer, c.given)
		if err != nil {
			t.Errorf("ResolveModel(%q, %q): %v", c.model, c.tokenizer, err)
			continue
		}
		if res.Tokenizer.Name() != c.wantTokenizer || res.Window != c.wantWindow || (res.Note != "") != c.wantNote {
			t.Errorf("ResolveModel(%q, %q) = %s, window %d, note %q", c.model, c.tokenizer, res.Tokenizer.Name(), res.Window, res.Note)
		}
	}
	if _, err := ResolveModel("gpt-4", "nope", true); err == nil {
		t.Error("an unknown tokenizer beside a model was accepted")
	}
	if _, err := ResolveModel("", "nope", true); err == nil {
		t.Error("an unknown tokenizer was accepted")
	}
}

// Estimates are accepted and said, never refused: a model ctxlab does
// not know, and a tokenizer that is not the model's own.
func TestResolveModelEstimates(t *testing.T) {
	cases := []struct {
		name, model, tokenizer string
		given                  bool
		wantTokenizer          string
		wantWindow             int
		wantNote               string
	}{
		{"unknown model, default tokenizer", "llama-3", "", false, UnknownModelTokenizer, 0,
			`model "llama-3" is not in ctxlab's model table: token counts are o200k_base estimates`},
		{"unknown model, tokenizer given", "llama-3", tokens.TokenizerCL100K, true, tokens.TokenizerCL100K, 0,
			`model "llama-3" is not in ctxlab's model table: token counts are cl100k_base estimates`},
		{"not the model's own", "gpt-4", tokens.TokenizerO200K, true, tokens.TokenizerO200K, 8_192,
			`token counts are o200k_base estimates: model "gpt-4"'s own tokenizer is cl100k_base`},
		{"the model's own", "gpt-4", tokens.TokenizerCL100K, true, tokens.TokenizerCL100K, 8_192, ""},
		{"Claude with an OpenAI encoding", "claude-sonnet-4-5", tokens.TokenizerCL100K, true, tokens.TokenizerCL100K, 200_000,
			"Anthropic's tokenizer is not public: token counts are cl100k_base estimates"},
		{"Claude with its stand-in", "claude-sonnet-4-5", tokens.TokenizerO200K, true, tokens.TokenizerO200K, 200_000, AnthropicEstimateNote},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := ResolveModel(c.model, c.tokenizer, c.given)
			if err != nil {
				t.Fatalf("ResolveModel(%q, %q): %v, want an estimate", c.model, c.tokenizer, err)
			}
			if res.Tokenizer.Name() != c.wantTokenizer || res.Window != c.wantWindow || res.Note != c.wantNote {
				t.Errorf("= %s, window %d, note %q; want %s, %d, %q", res.Tokenizer.Name(), res.Window, res.Note,
					c.wantTokenizer, c.wantWindow, c.wantNote)
			}
			if c.wantNote != "" && !strings.Contains(res.Note, "estimate") {
				t.Errorf("note %q does not say estimate", res.Note)
			}
		})
	}
}

// TestResolveModelNamesALooseMatch: a mistyped model resolves to its
// family's window and price, and the note says so and what was meant.
func TestResolveModelNamesALooseMatch(t *testing.T) {
	res, err := ResolveModel("gpt-4o-mni", "", false)
	if err != nil || res.Window != 128_000 || !strings.Contains(res.Note, "did you mean gpt-4o-mini?") {
		t.Fatalf("gpt-4o-mni: window %d, note %q, %v", res.Window, res.Note, err)
	}
	if res, _ := ResolveModel("gpt-4o-2024-08-06", "", false); res.Note != "" {
		t.Errorf("a dated name got a note: %q", res.Note)
	}
}
