package usage

import "testing"

// TestNormalizeConventions: each source's figures for the same request
// (a 1,210-token prompt, 1,024 of it read from the cache) normalize to
// the same bill, the cache counted once.
func TestNormalizeConventions(t *testing.T) {
	for _, tc := range []struct {
		name string
		conv Convention
		in   Reported
		want Billed
	}{
		{"OpenAI prompt_tokens includes cached_tokens", OpenAI,
			Reported{Input: 1210, CacheRead: 1024, Output: 9},
			Billed{InputTokens: 1210, CachedTokens: 1024, OutputTokens: 9, Convention: OpenAI}},
		{"Anthropic input_tokens excludes cache reads and writes", Anthropic,
			Reported{Input: 86, CacheRead: 1024, CacheWrite: 100, Output: 9},
			Billed{InputTokens: 1210, CachedTokens: 1024, CacheWriteTokens: 100, OutputTokens: 9, Convention: Anthropic}},
		{"OTel gen_ai.usage.input_tokens includes cached", OTel,
			Reported{Input: 1210, CacheRead: 1024, CacheWrite: 100},
			Billed{InputTokens: 1210, CachedTokens: 1024, CacheWriteTokens: 100, Convention: OTel}},
		{"Langfuse input excludes cached", Langfuse,
			Reported{Input: 186, CacheRead: 1024},
			Billed{InputTokens: 1210, CachedTokens: 1024, Convention: Langfuse}},
		{"LangChain usage_metadata.input_tokens includes cache reads and writes", LangChain,
			Reported{Input: 1210, CacheRead: 1024, CacheWrite: 100, Output: 9},
			Billed{InputTokens: 1210, CachedTokens: 1024, CacheWriteTokens: 100, OutputTokens: 9, Convention: LangChain}},
		{"no cache", Anthropic, Reported{Input: 40}, Billed{InputTokens: 40, Convention: Anthropic}},
		{"an inclusive count smaller than its cache holds the cache", OpenAI,
			Reported{Input: 10, CacheRead: 64}, Billed{InputTokens: 64, CachedTokens: 64, Convention: OpenAI}},
		{"negative figures are zero", Langfuse,
			Reported{Input: -3, CacheRead: -1, Output: -2}, Billed{Convention: Langfuse}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.conv.Normalize(tc.in)
			if got != tc.want {
				t.Fatalf("Normalize(%+v) = %+v, want %+v", tc.in, got, tc.want)
			}
			if u := got.Uncached(); u != got.InputTokens-got.CachedTokens-got.CacheWriteTokens {
				t.Errorf("Uncached = %d", u)
			}
		})
	}
}

func TestConventionsIncludeCache(t *testing.T) {
	want := map[Convention]bool{OpenAI: true, Anthropic: false, OTel: true, Langfuse: false, LangChain: true}
	if len(Conventions) != len(want) {
		t.Fatalf("Conventions = %v", Conventions)
	}
	for _, c := range Conventions {
		if c.IncludesCache() != want[c] {
			t.Errorf("%s.IncludesCache() = %v", c, c.IncludesCache())
		}
		if c.Rule() == "input counted as recorded" {
			t.Errorf("%s has no rule", c)
		}
	}
}

func TestGap(t *testing.T) {
	b := OpenAI.Normalize(Reported{Input: 1210})
	if g := b.Gap(1204); g != -6 {
		t.Errorf("Gap = %d, want -6", g)
	}
}

func TestConventionNames(t *testing.T) {
	if got := ConventionNames(); got != "openai, anthropic, otel, langfuse or langchain" {
		t.Errorf("ConventionNames() = %q", got)
	}
}
