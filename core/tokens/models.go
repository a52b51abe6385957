package tokens

import (
	"sort"
	"strings"
)

// Providers a ModelSpec can name.
const (
	ProviderOpenAI    = "openai"
	ProviderAnthropic = "anthropic"
)

// DefaultResponseReserve is the reply reserve of an imported request that
// sets neither max_tokens nor max_completion_tokens when no preset was
// asked for. Without max_tokens, OpenAI lets the reply use whatever the
// prompt leaves of the window, so the request itself reserves nothing; 0
// would hide an overflow that truncates the reply instead of failing the
// request. 4,096 is the max output of the models that defined the limit
// for years (gpt-4-turbo, gpt-3.5-turbo, Claude 3) and is just above the
// article's largest reserve (4,000), so it is a floor any chat reply needs.
const DefaultResponseReserve = 4_096

// ModelSpec is what ctxlab knows about a model: how much it reads and
// writes, and how its tokens are counted.
type ModelSpec struct {
	// Name is the table entry that matched: the family, such as "gpt-4o"
	// for "gpt-4o-2024-08-06".
	Name string
	// Window is the context window in tokens, prompt and reply together.
	Window int
	// MaxOutput is the most the model writes in one reply.
	MaxOutput int
	// Encoding is the tokenizer ctxlab counts with (a ByName
	// name). For Anthropic it is o200k_base as an estimate: Anthropic's
	// tokenizer is not public.
	Encoding string
	// Provider is ProviderOpenAI or ProviderAnthropic.
	Provider string
}

// Exact reports whether Encoding is the provider's own tokenizer, so
// counts made with it are the counts the provider bills.
func (m ModelSpec) Exact() bool { return m.Provider == ProviderOpenAI }

// modelSpecs maps model-name prefixes to specs; LookupModel picks the
// longest prefix that matches, as EncodingForModel does, so "gpt-4o-mini"
// is not read as "gpt-4o" nor "gpt-4o" as "gpt-4". Figures are the
// providers' published limits (OpenAI's model pages, Anthropic's models
// overview) as of 2025.
var modelSpecs = map[string]ModelSpec{
	// GPT-5 reads 272k tokens and writes 128k, inside a 400k window; the
	// chat-latest alias is the ChatGPT model with ChatGPT's smaller limits.
	"gpt-5":      {Window: 400_000, MaxOutput: 128_000},
	"gpt-5-chat": {Window: 128_000, MaxOutput: 16_384},

	"gpt-4.1":    {Window: 1_047_576, MaxOutput: 32_768},
	"gpt-4.5":    {Window: 128_000, MaxOutput: 16_384},
	"gpt-4o":     {Window: 128_000, MaxOutput: 16_384},
	"chatgpt-4o": {Window: 128_000, MaxOutput: 16_384},

	"o1":         {Window: 200_000, MaxOutput: 100_000},
	"o1-mini":    {Window: 128_000, MaxOutput: 65_536},
	"o1-preview": {Window: 128_000, MaxOutput: 32_768},
	"o3":         {Window: 200_000, MaxOutput: 100_000},
	"o4-mini":    {Window: 200_000, MaxOutput: 100_000},
	"gpt-oss":    {Window: 131_072, MaxOutput: 131_072},
	"codex-mini": {Window: 200_000, MaxOutput: 100_000},

	"gpt-4-turbo":        {Window: 128_000, MaxOutput: 4_096},
	"gpt-4-1106-preview": {Window: 128_000, MaxOutput: 4_096},
	"gpt-4-0125-preview": {Window: 128_000, MaxOutput: 4_096},
	"gpt-4-32k":          {Window: 32_768, MaxOutput: 32_768},
	"gpt-4":              {Window: 8_192, MaxOutput: 8_192},
	"gpt-3.5-turbo":      {Window: 16_385, MaxOutput: 4_096},
	"gpt-35-turbo":       {Window: 16_385, MaxOutput: 4_096}, // Azure's spelling

	// Anthropic: every Claude model since 2.1 reads 200k tokens; they
	// differ in how much they write. "claude-" alone catches models newer
	// than this table with the smallest current output limit, since a
	// 200k window is Anthropic's standard.
	"claude-":           {Window: 200_000, MaxOutput: 4_096},
	"claude-instant":    {Window: 100_000, MaxOutput: 4_096},
	"claude-2.0":        {Window: 100_000, MaxOutput: 4_096},
	"claude-3-haiku":    {Window: 200_000, MaxOutput: 4_096},
	"claude-3-sonnet":   {Window: 200_000, MaxOutput: 4_096},
	"claude-3-opus":     {Window: 200_000, MaxOutput: 4_096},
	"claude-3-5-haiku":  {Window: 200_000, MaxOutput: 8_192},
	"claude-3-5-sonnet": {Window: 200_000, MaxOutput: 8_192},
	"claude-3-7-sonnet": {Window: 200_000, MaxOutput: 64_000},
	"claude-sonnet-4":   {Window: 200_000, MaxOutput: 64_000},
	"claude-opus-4":     {Window: 200_000, MaxOutput: 32_000},
	"claude-opus-4-5":   {Window: 200_000, MaxOutput: 64_000},
	"claude-haiku-4":    {Window: 200_000, MaxOutput: 64_000},
}

// LookupModel returns the spec of a model by the longest matching prefix
// of its name. Case and provider prefixes are ignored: "openai:gpt-4o",
// "anthropic/claude-sonnet-4-5", "ft:gpt-4o-mini:acme::id" and Bedrock's
// "us.anthropic.claude-3-5-haiku-20241022-v1:0" all resolve.
func LookupModel(model string) (ModelSpec, bool) {
	best := ""
	for _, candidate := range modelNameCandidates(model) {
		for prefix := range modelSpecs {
			if strings.HasPrefix(candidate, prefix) && len(prefix) > len(best) {
				best = prefix
			}
		}
	}
	if best == "" {
		return ModelSpec{}, false
	}
	spec := modelSpecs[best]
	spec.Name = strings.TrimSuffix(best, "-")
	if strings.HasPrefix(best, "claude") {
		spec.Provider = ProviderAnthropic
		spec.Encoding = TokenizerO200K
	} else {
		spec.Provider = ProviderOpenAI
		// Every OpenAI family in the table has an encoding; o200k_base
		// is the fallback only if the two tables ever drift apart.
		spec.Encoding, _ = EncodingForModel(best)
		if spec.Encoding == "" {
			spec.Encoding = TokenizerO200K
		}
	}
	return spec, true
}

// modelNameCandidates returns the lowercased name and every suffix that
// follows a ':', '/' or '.' and starts with a letter: the bare model name
// behind a provider prefix. A '.' followed by a digit is part of a version
// ("gpt-4.1"), not a separator.
func modelNameCandidates(model string) []string {
	name := strings.ToLower(strings.TrimSpace(model))
	candidates := []string{name}
	for i := 0; i+1 < len(name); i++ {
		if strings.IndexByte(":/.", name[i]) >= 0 && name[i+1] >= 'a' && name[i+1] <= 'z' {
			candidates = append(candidates, name[i+1:])
		}
	}
	return candidates
}

// KnownModels lists the table's model families, sorted, for help text.
func KnownModels() []string {
	names := make([]string, 0, len(modelSpecs))
	for prefix := range modelSpecs {
		names = append(names, strings.TrimSuffix(prefix, "-")+"*")
	}
	sort.Strings(names)
	return names
}
