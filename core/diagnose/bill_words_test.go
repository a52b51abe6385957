package diagnose

import (
	"testing"

	"ctxlab/core/usage"
)

func TestBillSourceAndConventionWords(t *testing.T) {
	b := &Bill{Billed: usage.Anthropic.Normalize(usage.Reported{Input: 3, CacheRead: 1111, CacheWrite: 418}), Field: "usage.input_tokens + cache tokens"}
	if got, want := b.SourceWords(), "usage.input_tokens + cache tokens, 1,111 read from the cache, 418 written to it"; got != want {
		t.Errorf("SourceWords = %q, want %q", got, want)
	}
	if got, want := b.ConventionWords(), "anthropic convention: input_tokens excludes cache reads and writes"; got != want {
		t.Errorf("ConventionWords = %q, want %q", got, want)
	}
	plain := &Bill{Billed: usage.Billed{InputTokens: 40}, Field: "recorded"}
	if plain.SourceWords() != "recorded" || plain.ConventionWords() != "" {
		t.Errorf("a figure without a convention: %q, %q", plain.SourceWords(), plain.ConventionWords())
	}
}
