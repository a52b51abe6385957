package scenario

import (
	"strings"
	"testing"
	"testing/fstest"

	"ctxlab/core/usage"
)

// TestRecordedUsageKeepsTheBill: a scenario's recorded usage carries the
// cache and the convention, and an export writes them back.
func TestRecordedUsageKeepsTheBill(t *testing.T) {
	const text = "mode: measure\nquery: q\n" +
		"recorded_usage: {input_tokens: 1532, cached_tokens: 1111, cache_write_tokens: 418, output_tokens: 9, convention: anthropic, field: usage.input_tokens}\n"
	sc, err := LoadFS(fstest.MapFS{"s.yaml": {Data: []byte(text)}}, "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := usage.Billed{InputTokens: 1532, CachedTokens: 1111, CacheWriteTokens: 418, OutputTokens: 9, Convention: usage.Anthropic}
	if sc.Recorded == nil || sc.Recorded.Billed() != want {
		t.Fatalf("recorded %+v", sc.Recorded)
	}
	out, err := Marshal(sc, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	back, err := LoadFS(fstest.MapFS{"e.yaml": {Data: out}}, "e.yaml")
	if err != nil || back.Recorded == nil || back.Recorded.Billed() != want {
		t.Fatalf("exported and read back: %+v, %v\n%s", back, err, out)
	}
}

func TestRecordedUsageRefusals(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"recorded_usage: {input_tokens: 10, cached_tokens: 11}\n", "recorded_usage.input_tokens 10 is less than its cached_tokens and cache_write_tokens"},
		{"recorded_usage: {input_tokens: 10, convention: openia}\n", `recorded_usage.convention "openia" is not one ctxlab knows; expected openai, anthropic, otel, langfuse or langchain`},
		{"recorded_usage: {input_tokens: 10, cache_write_tokens: -1}\n", "recorded_usage.cache_write_tokens -1 is negative"},
	} {
		_, err := LoadFS(fstest.MapFS{"s.yaml": {Data: []byte(tc.yaml)}}, "s.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "s.yaml:") {
			t.Errorf("%q: %v, want %q", tc.yaml, err, tc.want)
		}
	}
}
