package core

import (
	"math"

	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
)

// RequestCost is what one request costs at a model's list price.
type RequestCost struct {
	// Model is the settings' model and PriceEntry the price table's entry
	// that priced it; Known is false when the table has none, or no input
	// rate for it.
	Model, PriceEntry string
	Known             bool
	Price             tokens.Price
	// InputTokens are the request's input tokens, ReplyTokens the reply
	// reserve: the most the reply may cost.
	InputTokens, ReplyTokens int
	// Input is the input's cost in US dollars, Cached the same tokens at
	// the cached-input rate (NaN when unknown), ReplyMax the reserve's at
	// the output rate (NaN when unknown).
	Input, Cached, ReplyMax float64
	// Billed is set when the request carries the provider's bill (see
	// CostOf): InputTokens is then split as the bill split the prompt.
	Billed bool
	// UncachedTokens, CachedTokens and CacheWriteTokens are the input
	// tokens billed at the input, cached-read and cache-write rates;
	// Uncached, CachedRead and CacheWrite their costs (NaN when a rate is
	// unknown). Without a bill every input token is uncached.
	UncachedTokens, CachedTokens, CacheWriteTokens int
	Uncached, CachedRead, CacheWrite               float64
	// ReadRate and WriteRate are the rates the split was priced at, per
	// million tokens; RatesAssumed is true when the price table lacks one
	// the bill needed and the cache rules' multiple of the input rate
	// stood in.
	ReadRate, WriteRate float64
	RatesAssumed        bool
}

// Per1000 is the input cost of a thousand such requests.
func (c RequestCost) Per1000() float64 { return c.Input * 1000 }

// CostOf prices an evaluation's request under a price table.
//
// When the request is measured as sent and its input recorded the
// provider's bill (ev.Bill), the bill is priced, not the count: its input
// tokens split as it split the prompt, the tokens read from the cache at
// the cached-input rate, the tokens written to it at the cache-write
// rate, the rest at the input rate. Input is then their sum.
func CostOf(ev *Evaluation, prices tokens.PriceTable) RequestCost {
	input := 0
	if ev.Assembly != nil {
		input = ev.Assembly.Used
	}
	if b := ev.Bill; b != nil {
		input = b.InputTokens
	}
	c := CostOfTokens(ev.Settings.Model, input, ev.Settings.Budget.ResponseReserve, prices)
	if b := ev.Bill; b != nil {
		c = c.splitByBill(b.CachedTokens, b.CacheWriteTokens)
	}
	return c
}

// splitByBill prices the input with reads and writes as billed; a count
// below the bill's cache holds what it can, reads first.
func (c RequestCost) splitByBill(read, write int) RequestCost {
	c.Billed = true
	c.CachedTokens = min(read, c.InputTokens)
	c.CacheWriteTokens = min(write, c.InputTokens-c.CachedTokens)
	c.UncachedTokens = c.InputTokens - c.CachedTokens - c.CacheWriteTokens
	if !c.Known {
		return c
	}
	c.ReadRate, c.WriteRate = c.Price.CachedInput, c.Price.CacheWrite
	// A rate the table lacks is taken as the trajectory replay takes it:
	// OpenAI's reads at the input rate (the most they can cost),
	// Anthropic's at its share of the input rate; writes at the
	// provider's write multiple.
	rules := tokens.CacheRulesFor(c.Model, "")
	if math.IsNaN(c.ReadRate) {
		c.ReadRate, c.RatesAssumed = c.Price.Input, true
		if !rules.Automatic {
			c.ReadRate = c.Price.Input * rules.ReadShare
		}
	}
	if math.IsNaN(c.WriteRate) {
		c.WriteRate, c.RatesAssumed = c.Price.Input*rules.Write5m, c.RatesAssumed || c.CacheWriteTokens > 0
	}
	c.RatesAssumed = c.RatesAssumed && c.CachedTokens+c.CacheWriteTokens > 0
	c.Uncached = perMillion(c.UncachedTokens, c.Price.Input)
	c.CachedRead = perMillion(c.CachedTokens, c.ReadRate)
	c.CacheWrite = perMillion(c.CacheWriteTokens, c.WriteRate)
	c.Input = c.Uncached + c.CachedRead + c.CacheWrite
	return c
}

// CostOfTokens prices input tokens, and a reply of up to replyTokens, at
// a model's list price: what `ctxlab build` reports for its context block.
func CostOfTokens(model string, inputTokens, replyTokens int, prices tokens.PriceTable) RequestCost {
	c := RequestCost{Model: model, InputTokens: inputTokens, ReplyTokens: replyTokens, Input: math.NaN(), Cached: math.NaN(), ReplyMax: math.NaN(),
		UncachedTokens: inputTokens, Uncached: math.NaN(), CachedRead: math.NaN(), CacheWrite: math.NaN()}
	price, entry, ok := prices.Lookup(model)
	if !ok || model == "" || math.IsNaN(price.Input) {
		return c
	}
	c.Known, c.PriceEntry, c.Price = true, entry, price
	c.Input = perMillion(c.InputTokens, price.Input)
	c.Uncached, c.CachedRead, c.CacheWrite = c.Input, 0, 0
	c.Cached = perMillion(c.InputTokens, price.CachedInput)
	c.ReplyMax = perMillion(c.ReplyTokens, price.Output)
	return c
}

func perMillion(n int, rate float64) float64 { return float64(n) * rate / 1e6 }

// CostSaving is what the current request saves per 1,000 requests
// against the baseline, at each one's own model's price; ok is false when
// either cost is unknown. From a dollar up it is in whole cents, as both
// costs are shown, so the three figures a reader sees add up.
func CostSaving(baseline, current RequestCost) (saving float64, ok bool) {
	if !baseline.Known || !current.Known {
		return 0, false
	}
	before, after := baseline.Per1000(), current.Per1000()
	if before >= 1 && after >= 1 {
		before, after = math.Round(before*100)/100, math.Round(after*100)/100
	}
	return before - after, true
}

// CostChangeWords says what a change does to the cost, for the compare
// view and ctxlab diff alike: "$12.23 → $10.61 per 1,000 requests
// (input, at list prices), saves $1.62", or why it is unknown. It may
// name the model: render it sanitized.
func CostChangeWords(before, after RequestCost) string {
	saving, ok := CostSaving(before, after)
	if !ok {
		for _, c := range []RequestCost{before, after} {
			switch {
			case c.Known:
			case c.Model == "":
				return "unknown (no model set)"
			default:
				return "unknown (no verified price for " + c.Model + "; ctxlab prices lists them, --prices FILE adds one)"
			}
		}
	}
	words := numfmt.Dollars(before.Per1000()) + " → " + numfmt.Dollars(after.Per1000()) + " per 1,000 requests (input, at list prices)"
	switch {
	case saving > 0:
		words += ", saves " + numfmt.Dollars(saving)
	case saving < 0:
		words += ", costs " + numfmt.Dollars(-saving) + " more"
	}
	return words
}
