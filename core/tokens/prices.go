package tokens

import (
	"math"
	"strings"
)

// Price is what a model costs, in US dollars per million tokens. A rate
// the sources did not give is NaN: ctxlab says "unknown" rather than
// guess.
type Price struct {
	Input, CachedInput, Output float64
	// CacheWrite is a token written to the prompt cache: Anthropic's
	// 5-minute cache write, 1.25 times the input rate; OpenAI's writes
	// cost the input rate, nothing extra (its prompt-caching guide).
	CacheWrite float64
	// Note says how the figures were checked, or what about them is not
	// certain.
	Note string
	// Source is the page or file the figures come from.
	Source string
}

// PriceTable is a set of prices by model-name prefix, looked up as the
// model table is (the longest prefix that matches), with the date the
// figures were taken and where from.
type PriceTable struct {
	Prices map[string]Price
	// Date is when the figures were taken (YYYY-MM-DD); Sources are the
	// pages they were taken from.
	Date    string
	Sources []string
}

// Unknown is a rate the sources do not give.
var Unknown = math.NaN()

// The pricing pages the bundled figures come from.
const (
	OpenAIPricingPage    = "https://platform.openai.com/docs/pricing"
	AnthropicPricingPage = "https://platform.claude.com/docs/en/about-claude/pricing"
)

// Notes on the bundled figures, by how they were checked.
const (
	noteAnthropic   = "Anthropic's pricing page; cached input is the cache-hit rate, cache write the 5-minute write rate"
	noteOpenAI      = "OpenAI's pricing page as quoted by several third-party copies that agree; not read on openai.com itself"
	noteNotVerified = "priced apart from its family, at a figure not verified here: give it in a --prices file"
	noteConflict    = "input and output as quoted from OpenAI's pricing page; the copies disagree on cached input, so it is left unknown"
	noteNoCached    = "input and output as quoted from OpenAI's pricing page by third-party copies; none quoted a cached rate, so it is left unknown"
)

// DefaultPrices are the bundled figures, taken on 2026-12-01 for the
// models the model table knows. A Claude model's cache write is the
// pricing page's "5m cache writes" column; an OpenAI model's is its input
// rate (OpenAIPromptCachingPage: writing the cache costs nothing extra). A model whose current price could not be
// verified (retired models, open-weight gpt-oss, Claude 2 and 3 Sonnet)
// has no entry: its cost is unknown until a --prices file gives it.
func DefaultPrices() PriceTable {
	table := PriceTable{
		Date:    "2026-12-01",
		Sources: []string{OpenAIPricingPage, AnthropicPricingPage},
		Prices: map[string]Price{
			"gpt-5":        {Input: 1.25, CachedInput: Unknown, Output: 10.00, Note: noteConflict},
			"gpt-5-mini":   {Input: 0.25, CachedInput: 0.025, Output: 2.00, Note: noteOpenAI},
			"gpt-5-nano":   {Input: 0.05, CachedInput: Unknown, Output: 0.40, Note: noteNoCached},
			"gpt-4.1":      {Input: 2.00, CachedInput: 0.50, Output: 8.00, Note: noteOpenAI},
			"gpt-4.1-mini": {Input: 0.40, CachedInput: Unknown, Output: 1.60, Note: noteNoCached},
			"gpt-4.1-nano": {Input: 0.10, CachedInput: Unknown, Output: 0.40, Note: noteNoCached},
			"gpt-4o":       {Input: 2.50, CachedInput: 1.25, Output: 10.00, Note: noteOpenAI},
			"gpt-4o-mini":  {Input: 0.15, CachedInput: 0.075, Output: 0.60, Note: noteOpenAI},
			"o1":           {Input: 15.00, CachedInput: 7.50, Output: 60.00, Note: noteOpenAI},
			"o3":           {Input: 2.00, CachedInput: Unknown, Output: 8.00, Note: noteConflict},
			"o3-mini":      {Input: 1.10, CachedInput: Unknown, Output: 4.40, Note: "the figure most third-party copies of OpenAI's pricing page quote; one quotes $0.50 and $2.00; no cached rate is quoted"},
			"o4-mini":      {Input: 1.10, CachedInput: Unknown, Output: 4.40, Note: noteNoCached},
			"gpt-3.5-turbo": {Input: 0.50, CachedInput: Unknown, Output: 1.50,
				Note: "OpenAI's pricing page as quoted by third-party copies; no cached rate is quoted"},

			// Entries that only stop a shorter prefix from lending its
			// price to a model priced otherwise.
			"o1-mini":    {Input: Unknown, CachedInput: Unknown, Output: Unknown, Note: noteNotVerified},
			"o1-preview": {Input: Unknown, CachedInput: Unknown, Output: Unknown, Note: noteNotVerified},
			"o3-pro":     {Input: Unknown, CachedInput: Unknown, Output: Unknown, Note: noteNotVerified},
			"gpt-5-pro":  {Input: Unknown, CachedInput: Unknown, Output: Unknown, Note: noteNotVerified},

			"claude-opus-4-5":   {Input: 5.00, CachedInput: 0.50, CacheWrite: 6.25, Output: 25.00, Note: noteAnthropic},
			"claude-opus-4-6":   {Input: 5.00, CachedInput: 0.50, CacheWrite: 6.25, Output: 25.00, Note: noteAnthropic},
			"claude-opus-4-1":   {Input: 15.00, CachedInput: 1.50, CacheWrite: 18.75, Output: 75.00, Note: noteAnthropic},
			"claude-opus-4":     {Input: 15.00, CachedInput: 1.50, CacheWrite: 18.75, Output: 75.00, Note: noteAnthropic},
			"claude-sonnet-4":   {Input: 3.00, CachedInput: 0.30, CacheWrite: 3.75, Output: 15.00, Note: noteAnthropic},
			"claude-3-7-sonnet": {Input: 3.00, CachedInput: 0.30, CacheWrite: 3.75, Output: 15.00, Note: noteAnthropic + " (deprecated model)"},
			"claude-haiku-4":    {Input: 1.00, CachedInput: 0.10, CacheWrite: 1.25, Output: 5.00, Note: noteAnthropic},
			"claude-3-5-haiku":  {Input: 0.80, CachedInput: 0.08, CacheWrite: 1.00, Output: 4.00, Note: noteAnthropic},
			"claude-3-opus":     {Input: 15.00, CachedInput: 1.50, CacheWrite: 18.75, Output: 75.00, Note: noteAnthropic + " (deprecated model)"},
			"claude-3-haiku":    {Input: 0.25, CachedInput: 0.03, CacheWrite: 0.30, Output: 1.25, Note: noteAnthropic},
		},
	}
	for name, p := range table.Prices {
		p.Source = OpenAIPricingPage
		if strings.HasPrefix(name, "claude") {
			p.Source = AnthropicPricingPage
		} else {
			// OpenAI writes the cache at no extra cost.
			p.CacheWrite = p.Input
		}
		table.Prices[name] = p
	}
	return table
}

// Lookup returns the price of a model by the longest prefix of its name
// that the table has (provider prefixes and case ignored, as LookupModel
// does), and the entry's name.
func (t PriceTable) Lookup(model string) (Price, string, bool) {
	best := ""
	for _, candidate := range modelNameCandidates(model) {
		for prefix := range t.Prices {
			if strings.HasPrefix(candidate, strings.ToLower(prefix)) && len(prefix) > len(best) {
				best = prefix
			}
		}
	}
	if best == "" {
		return Price{}, "", false
	}
	return t.Prices[best], best, true
}

// Merge returns t with other's prices added or replacing t's, and
// other's date and sources when it gives them.
func (t PriceTable) Merge(other PriceTable) PriceTable {
	merged := PriceTable{Prices: make(map[string]Price, len(t.Prices)+len(other.Prices)), Date: t.Date, Sources: t.Sources}
	for name, p := range t.Prices {
		merged.Prices[name] = p
	}
	for name, p := range other.Prices {
		merged.Prices[name] = p
	}
	if other.Date != "" {
		merged.Date = other.Date
	}
	if len(other.Sources) > 0 {
		merged.Sources = other.Sources
	}
	return merged
}
