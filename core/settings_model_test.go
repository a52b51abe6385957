package core

import (
	"errors"
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
	if _, err := ResolveModel("llama-3", "", false); !IsUnknownModel(err) {
		t.Errorf("llama-3: %v, want an unknown model", err)
	}
	var conflict *ModelTokenizerConflict
	if _, err := ResolveModel("gpt-4", tokens.TokenizerO200K, true); !errors.As(err, &conflict) || conflict.ModelTokenizer != tokens.TokenizerCL100K {
		t.Errorf("gpt-4 with o200k_base: %v, want a conflict", err)
	}
	if _, err := ResolveModel("", "nope", true); err == nil {
		t.Error("an unknown tokenizer was accepted")
	}
}
