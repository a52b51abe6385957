package request

import (
	"encoding/json"
	"testing"

	"ctxlab/core/usage"
)

// TestUsageOfNormalizesEachConvention: a recorded response's usage is
// read under its API's convention, the cache counted once.
func TestUsageOfNormalizesEachConvention(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       usage.Billed
	}{
		{"OpenAI Chat Completions", `{"usage":{"prompt_tokens":1210,"completion_tokens":9,"prompt_tokens_details":{"cached_tokens":1024}}}`,
			usage.Billed{InputTokens: 1210, CachedTokens: 1024, OutputTokens: 9, Convention: usage.OpenAI}},
		{"OpenAI Responses", `{"object":"response","usage":{"input_tokens":1210,"output_tokens":9,"input_tokens_details":{"cached_tokens":1024}}}`,
			usage.Billed{InputTokens: 1210, CachedTokens: 1024, OutputTokens: 9, Convention: usage.OpenAI}},
		{"Anthropic", `{"type":"message","usage":{"input_tokens":86,"cache_read_input_tokens":1024,"cache_creation_input_tokens":100,"output_tokens":9}}`,
			usage.Billed{InputTokens: 1210, CachedTokens: 1024, CacheWriteTokens: 100, OutputTokens: 9, Convention: usage.Anthropic}},
	} {
		var body map[string]any
		if err := json.Unmarshal([]byte(tc.body), &body); err != nil {
			t.Fatal(err)
		}
		u, ok, problem := usageOf(body)
		if !ok || problem != "" || u.Billed() != tc.want {
			t.Errorf("%s: %+v (ok %v, %q), want %+v", tc.name, u, ok, problem, tc.want)
		}
	}
}
