// Package usage is the one model of what a provider billed for a
// request's input, normalized from the convention each source reports it
// under. Sources disagree on whether the input count holds the tokens
// read from or written to the prompt cache: OpenAI's prompt_tokens and
// OpenTelemetry's gen_ai.usage.input_tokens and LangChain's
// usage_metadata.input_tokens include them, Anthropic's
// input_tokens and Langfuse's input exclude them. A Billed always holds
// them once, in InputTokens, so it can be set beside ctxlab's count of
// the whole prompt; CachedTokens and CacheWriteTokens say how much of it
// was billed at the cache rates.
//
// A loader reads a source's figures as they are written (Reported) and
// normalizes them with the source's Convention:
//
//	b := usage.Langfuse.Normalize(usage.Reported{Input: in, CacheRead: read, CacheWrite: write, Output: out})
package usage

// Convention is how a source reports a request's input tokens.
type Convention string

// The conventions ctxlab reads.
const (
	// OpenAI: usage.prompt_tokens (Chat Completions) or usage.input_tokens
	// (Responses) includes prompt_tokens_details.cached_tokens
	// (input_tokens_details.cached_tokens). OpenAI reports no cache
	// writes: writing costs nothing extra.
	OpenAI Convention = "openai"
	// Anthropic: usage.input_tokens excludes cache_read_input_tokens and
	// cache_creation_input_tokens; the prompt is the three together.
	Anthropic Convention = "anthropic"
	// OTel: OpenTelemetry's gen_ai.usage.input_tokens includes the cached
	// tokens (gen_ai.usage.cache_read.input_tokens) and the cache writes
	// (gen_ai.usage.cache_creation.input_tokens). OpenInference's and
	// OpenLLMetry's prompt counts follow it.
	OTel Convention = "otel"
	// Langfuse: an observation's usage_details input excludes the cached
	// tokens (input_cached_tokens, cache_read_input_tokens) and the cache
	// writes (cache_creation_input_tokens).
	Langfuse Convention = "langfuse"
	// LangChain: usage_metadata.input_tokens, which LangSmith's runs
	// record, is the sum of every input token type: it includes the
	// cache reads (input_token_details.cache_read) and writes
	// (input_token_details.cache_creation).
	LangChain Convention = "langchain"
)

// Conventions are every convention, in the order docs list them.
var Conventions = []Convention{OpenAI, Anthropic, OTel, Langfuse, LangChain}

// ConventionNames lists the conventions for a message: "openai,
// anthropic, otel, langfuse or langchain".
func ConventionNames() string {
	s := ""
	for i, c := range Conventions {
		switch {
		case i == 0:
		case i == len(Conventions)-1:
			s += " or "
		default:
			s += ", "
		}
		s += string(c)
	}
	return s
}

// IncludesCache reports whether the convention's input count already
// holds the cache reads and writes.
func (c Convention) IncludesCache() bool {
	return c == OpenAI || c == OTel || c == LangChain
}

// Rule says in words how the convention counts the cache, for a report:
// "prompt_tokens includes cached_tokens".
func (c Convention) Rule() string {
	switch c {
	case OpenAI:
		return "prompt_tokens includes cached_tokens"
	case Anthropic:
		return "input_tokens excludes cache reads and writes"
	case OTel:
		return "gen_ai.usage.input_tokens includes cached tokens"
	case Langfuse:
		return "input excludes cached tokens"
	case LangChain:
		return "usage_metadata.input_tokens includes cache reads and writes"
	}
	return "input counted as recorded"
}

// Reported is a usage as its source wrote it: Input is the source's own
// input count, which may or may not hold CacheRead and CacheWrite.
type Reported struct {
	Input, CacheRead, CacheWrite, Output int
}

// Billed is a request's input as billed, the cache counted once.
type Billed struct {
	// InputTokens is the whole prompt as billed, cache reads and writes
	// included: the figure ctxlab's count is set against.
	InputTokens int `json:"input_tokens"`
	// CachedTokens are the prompt tokens read from the cache, billed at
	// the cached-input rate.
	CachedTokens int `json:"cached_tokens"`
	// CacheWriteTokens are the prompt tokens written to the cache, billed
	// at the cache-write rate (Anthropic's; OpenAI reports none).
	CacheWriteTokens int `json:"cache_write_tokens"`
	// OutputTokens is the reply's tokens, 0 when not recorded.
	OutputTokens int `json:"output_tokens,omitempty"`
	// Convention is how the source reported the figures.
	Convention Convention `json:"convention"`
}

// Normalize turns a source's figures into the one model: the cache
// added to the input count when the convention leaves it out. Counts
// below zero are taken as zero, and a cache larger than an inclusive
// input count stretches the input to hold it.
func (c Convention) Normalize(r Reported) Billed {
	in, read, write := max(r.Input, 0), max(r.CacheRead, 0), max(r.CacheWrite, 0)
	if c.IncludesCache() {
		in = max(in, read+write)
	} else {
		in += read + write
	}
	return Billed{InputTokens: in, CachedTokens: read, CacheWriteTokens: write, OutputTokens: max(r.Output, 0), Convention: c}
}

// Uncached is the input billed at the plain input rate.
func (b Billed) Uncached() int {
	return max(b.InputTokens-b.CachedTokens-b.CacheWriteTokens, 0)
}

// Gap is counted less the input as billed: positive when ctxlab counts
// more than the provider billed.
func (b Billed) Gap(counted int) int { return counted - b.InputTokens }
