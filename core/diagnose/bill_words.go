package diagnose

import (
	"strings"

	"ctxlab/internal/numfmt"
)

// SourceWords says where the bill was read and how much of it the cache
// held: "usage.input_tokens + cache tokens, 1,111 read from the cache,
// 418 written to it". Field is as the input wrote it: a display makes it
// safe.
func (b *Bill) SourceWords() string {
	parts := []string{b.Field}
	if b.CachedTokens > 0 {
		parts = append(parts, numfmt.Thousands(b.CachedTokens)+" read from the cache")
	}
	if b.CacheWriteTokens > 0 {
		parts = append(parts, numfmt.Thousands(b.CacheWriteTokens)+" written to it")
	}
	return strings.Join(parts, ", ")
}

// ConventionWords names the convention the source reported the bill
// under and its rule: "openai convention: prompt_tokens includes
// cached_tokens"; "" for a figure given as the whole prompt (a scenario
// file's, without a convention).
func (b *Bill) ConventionWords() string {
	if b.Convention == "" {
		return ""
	}
	return string(b.Convention) + " convention: " + b.Convention.Rule()
}
