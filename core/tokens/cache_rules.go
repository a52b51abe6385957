package tokens

import "strings"

// Pages the prompt-cache rules come from.
const (
	OpenAIPromptCachingPage    = "https://platform.openai.com/docs/guides/prompt-caching"
	AnthropicPromptCachingPage = "https://docs.claude.com/en/docs/build-with-claude/prompt-caching"
)

// CacheRules is how a provider's prompt cache reads and bills a prefix,
// taken on CacheRulesDate from the pages named in Source.
type CacheRules struct {
	Provider string
	// Automatic is true when the provider caches every prefix by itself
	// (OpenAI); false when only prefixes ending at a cache_control
	// breakpoint are written (Anthropic).
	Automatic bool
	// MinTokens is the shortest prefix cached; Step is the granularity a
	// cached prefix grows by past MinTokens (1 when any length counts).
	MinTokens, Step int
	// MaxBreakpoints is how many cache_control breakpoints one request
	// may carry; 0 when the provider has none.
	MaxBreakpoints int
	// ReadShare is a cache read's price as a share of the input price,
	// used when the price table gives no cached rate; Write5m and Write1h
	// are a cache write's, for the two lifetimes.
	ReadShare, Write5m, Write1h float64
	Source                      string
}

// CacheRulesDate is when the cache rules were taken.
const CacheRulesDate = "2026-12-01"

// CacheRulesFor returns the prompt-cache rules of a model: Anthropic's
// for a Claude model (provider "anthropic"), OpenAI's otherwise.
//
// OpenAI: prompts of 1,024 tokens or more are cached automatically, and
// the cached part grows in 128-token steps (to the token for the models
// whose recordings say so: openAICachesFiner); a cached token costs the
// model's cached-input rate and writing costs nothing extra.
//
// Anthropic: a prefix is cached only up to a cache_control breakpoint
// (at most 4 per request); the shortest cacheable prefix is 1,024 tokens
// for Opus 4, 4.1, Sonnet 4, 4.5 and 3.7, 2,048 for the Haiku 3 models,
// and 4,096 for Opus 4.5 and Haiku 4.5; a write costs 1.25 times the
// input price for the 5-minute lifetime and 2 times for 1 hour, a read
// 0.1 times.
func CacheRulesFor(model, provider string) CacheRules {
	if provider == ProviderAnthropic || strings.Contains(strings.ToLower(model), "claude") {
		return CacheRules{
			Provider: ProviderAnthropic, MinTokens: anthropicMinCacheable(model), Step: 1,
			MaxBreakpoints: 4, ReadShare: 0.1, Write5m: 1.25, Write1h: 2,
			Source: AnthropicPromptCachingPage,
		}
	}
	step := 128
	if openAICachesFiner(model) {
		step = 1
	}
	return CacheRules{
		Provider: ProviderOpenAI, Automatic: true, MinTokens: 1024, Step: step,
		ReadShare: 0.5, Write5m: 1, Write1h: 1,
		Source: OpenAIPromptCachingPage,
	}
}

// openAICachesFiner says a model's recorded cache reads fall off the
// guide's 128-token grid, so its cached prefix is predicted to the token:
// gpt-5.6 reported 4,012 cached tokens for a repeated 4,020-token request,
// in Chat Completions and through OpenRouter's Responses alike, where the
// steps give 3,968. The gpt-4o and gpt-5 recordings all read whole steps.
func openAICachesFiner(model string) bool {
	return strings.Contains(strings.ToLower(model), "gpt-5.6")
}

// anthropicMinCacheable is the shortest prefix Anthropic caches for a
// model, by the prompt-caching page's table.
func anthropicMinCacheable(model string) int {
	m := strings.ToLower(model)
	switch {
	case strings.Contains(m, "opus-4-5"), strings.Contains(m, "haiku-4"):
		return 4096
	case strings.Contains(m, "haiku"):
		return 2048
	}
	return 1024
}
