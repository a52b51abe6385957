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
	// Note says where the figures come from, or what about them is not
	// certain.
	Note string
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
	noteAnthropic   = "Anthropic's pricing page; cached input is the cache-hit rate"
	noteOpenAI      = "OpenAI's pricing page as quoted by several third-party copies that agree; not read on openai.com itself"
	noteNotVerified = "priced apart from its family, at a figure not verified here: give it in a --prices file"
	noteConflict    = "input and output as quoted from OpenAI's pricing page; the copies disagree on cached input, so it is left unknown"
)

// DefaultPrices are the bundled figures, taken on 2026-12-01 for the
// models the model table knows. A model whose current price could not be
// verified (retired models, open-weight gpt-oss, Claude 2 and 3 Sonnet)
// has no entry: its cost is unknown until a --prices file gives it.
func DefaultPrices() PriceTable {
	return PriceTable{
		Date:    "2026-12-01",
		Sources: []string{OpenAIPricingPage, AnthropicPricingPage},
		Prices: map[string]Price{
			"gpt-5":        {1.25, Unknown, 10.00, noteConflict},
			"gpt-5-mini":   {0.25, 0.025, 2.00, noteOpenAI},
			"gpt-5-nano":   {0.05, Unknown, 0.40, noteConflict},
			"gpt-4.1":      {2.00, 0.50, 8.00, noteOpenAI},
			"gpt-4.1-mini": {0.40, Unknown, 1.60, noteConflict},
			"gpt-4.1-nano": {0.10, Unknown, 0.40, noteConflict},
			"gpt-4o":       {2.50, 1.25, 10.00, noteOpenAI},
			"gpt-4o-mini":  {0.15, 0.075, 0.60, noteOpenAI},
			"o1":           {15.00, 7.50, 60.00, noteOpenAI},
			"o3":           {2.00, Unknown, 8.00, noteConflict},
			"o3-mini":      {1.10, Unknown, 4.40, noteConflict},
			"o4-mini":      {1.10, Unknown, 4.40, noteConflict},
			"gpt-3.5-turbo": {0.50, Unknown, 1.50,
				"OpenAI's pricing page as quoted by third-party copies; no cached rate is quoted"},

			// Entries that only stop a shorter prefix from lending its
			// price to a model priced otherwise.
			"o1-mini":    {Unknown, Unknown, Unknown, noteNotVerified},
			"o1-preview": {Unknown, Unknown, Unknown, noteNotVerified},
			"o3-pro":     {Unknown, Unknown, Unknown, noteNotVerified},
			"gpt-5-pro":  {Unknown, Unknown, Unknown, noteNotVerified},

			"claude-opus-4-5":   {5.00, 0.50, 25.00, noteAnthropic},
			"claude-opus-4-6":   {5.00, 0.50, 25.00, noteAnthropic},
			"claude-opus-4-1":   {15.00, 1.50, 75.00, noteAnthropic},
			"claude-opus-4":     {15.00, 1.50, 75.00, noteAnthropic},
			"claude-sonnet-4":   {3.00, 0.30, 15.00, noteAnthropic},
			"claude-3-7-sonnet": {3.00, 0.30, 15.00, noteAnthropic + " (deprecated model)"},
			"claude-haiku-4":    {1.00, 0.10, 5.00, noteAnthropic},
			"claude-3-5-haiku":  {0.80, 0.08, 4.00, noteAnthropic},
			"claude-3-opus":     {15.00, 1.50, 75.00, noteAnthropic + " (deprecated model)"},
			"claude-3-haiku":    {0.25, 0.03, 1.25, noteAnthropic},
		},
	}
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
