package tokens

import "testing"

func TestLooseModelMatchNote(t *testing.T) {
	for _, c := range []struct{ model, want string }{
		{"gpt-4o-mni", `model "gpt-4o-mni" is not in ctxlab's tables: its window, tokenizer and price are gpt-4o's (did you mean gpt-4o-mini?)`},
		{"gpt-5-turbo", `model "gpt-5-turbo" is not in ctxlab's tables: its window, tokenizer and price are gpt-5's`},
		{"gpt-5-mnii", `model "gpt-5-mnii" is not in ctxlab's tables: its window, tokenizer and price are gpt-5's (did you mean gpt-5-mini?)`},
		// Real names: dated, versioned, fine-tuned, behind a provider, or a
		// mode of a family.
		{"gpt-4o", ""},
		{"gpt-4o-mini", ""},
		{"gpt-4o-2024-08-06", ""},
		{"gpt-4o-audio-preview", ""},
		{"chatgpt-4o-latest", ""},
		{"ft:gpt-4o-mini:acme::abc123", ""},
		{"openai:gpt-4o", ""},
		{"us.anthropic.claude-3-5-haiku-20241022-v1:0", ""},
		{"claude-sonnet-4-5", ""},
		{"o3-mini", ""},
		{"gpt-5-codex", ""},
		// Unknown altogether: the model table's own note covers it.
		{"llama-3", ""},
	} {
		if got := LooseModelMatchNote(c.model); got != c.want {
			t.Errorf("LooseModelMatchNote(%q) = %q\n want %q", c.model, got, c.want)
		}
	}
}
