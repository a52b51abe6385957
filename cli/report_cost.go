package cli

import (
	"fmt"
	"io"
	"math"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/prices"
)

// pricesFlag is --prices: a price file over the bundled list prices.
type pricesFlag struct{ path string }

func (p *pricesFlag) register(fs *flagSet) {
	fs.StringVar(&p.path, "prices", "", "YAML price file (models: NAME: {input, cached_input, output} in US dollars per million tokens) over the bundled list prices")
}

// load returns the price table: the bundled one, with the file's prices
// when --prices was given.
func (p *pricesFlag) load() (tokens.PriceTable, error) {
	if p.path == "" {
		return tokens.DefaultPrices(), nil
	}
	prices, err := prices.Load(p.path)
	if err != nil {
		return prices, fmt.Errorf("--prices %w", err)
	}
	return prices, nil
}

// writeCostSection is the reports' Cost line: the request at its model's
// list price, per request and per 1,000, with the figures' date.
func writeCostSection(w io.Writer, c core.RequestCost, prices tokens.PriceTable) {
	fmt.Fprintf(w, "Cost %s\n", costHeading(c, prices))
	for _, line := range costLines(c) {
		fmt.Fprintf(w, "  %s\n", line)
	}
	fmt.Fprintln(w)
}

// costHeading says whose price it is and where the figure comes from.
func costHeading(c core.RequestCost, prices tokens.PriceTable) string {
	switch {
	case c.Model == "":
		return "(no model set, so no price: --model NAME prices the request)"
	case !c.Known:
		return fmt.Sprintf("of %s: unknown (no verified price for it; a --prices file can give one)", safetext.Line(c.Model))
	}
	return fmt.Sprintf("at %s list prices (entry %s, taken %s from %s)", safetext.Line(c.Model), safetext.Line(c.PriceEntry),
		safetext.Line(prices.Date), safetext.Line(c.Price.Source))
}

// costLines are the figures under the heading, none when unknown.
func costLines(c core.RequestCost) []string {
	if !c.Known {
		return nil
	}
	if c.Billed {
		return append(billedCostLines(c), replyAndNoteLines(c)...)
	}
	lines := []string{fmt.Sprintf("input: %s tokens at %s per million = %s per request, %s per 1,000 requests",
		numfmt.Thousands(c.InputTokens), numfmt.Dollars(c.Price.Input), numfmt.Dollars(c.Input), numfmt.Dollars(c.Per1000()))}
	if !math.IsNaN(c.Cached) {
		lines = append(lines, fmt.Sprintf("the same input from the prompt cache: %s per request (cached input at %s per million)",
			numfmt.Dollars(c.Cached), numfmt.Dollars(c.Price.CachedInput)))
	}
	return append(lines, replyAndNoteLines(c)...)
}

// replyAndNoteLines are the cost's lines after the input: the reply at
// most, and the figures' note.
func replyAndNoteLines(c core.RequestCost) []string {
	var lines []string
	if c.ReplyTokens > 0 {
		reply := "unknown"
		if !math.IsNaN(c.ReplyMax) {
			reply = "up to " + numfmt.Dollars(c.ReplyMax) + " more"
		}
		lines = append(lines, fmt.Sprintf("the reply: %s if it uses the whole %s-token reserve", reply, numfmt.Thousands(c.ReplyTokens)))
	}
	if c.Price.Note != "" {
		lines = append(lines, "figures: "+safetext.Line(c.Price.Note))
	}
	return lines
}

// costJSON is the cost in the JSON reports; rates and amounts are null
// when unknown.
type costJSON struct {
	Model      string   `json:"model"`
	PriceEntry string   `json:"price_entry,omitempty"`
	Source     string   `json:"price_source,omitempty"`
	Known      bool     `json:"known"`
	PricesDate string   `json:"prices_date"`
	Sources    []string `json:"prices_sources"`
	// Rates are US dollars per million tokens.
	InputRate       *float64 `json:"input_per_million"`
	CachedInputRate *float64 `json:"cached_input_per_million"`
	OutputRate      *float64 `json:"output_per_million"`
	InputTokens     int      `json:"input_tokens"`
	ReplyTokens     int      `json:"reply_reserve_tokens"`
	// Amounts are US dollars.
	PerRequest       *float64 `json:"input_cost_per_request"`
	Per1000Requests  *float64 `json:"input_cost_per_1000_requests"`
	CachedPerRequest *float64 `json:"cached_input_cost_per_request"`
	ReplyMax         *float64 `json:"reply_cost_at_most"`
	// CacheWriteRate is the bundled or given cache-write rate.
	CacheWriteRate *float64 `json:"cache_write_per_million"`
	// The input split as the provider's bill split the prompt, set when
	// the request carries one (the report's "billed"): the tokens and
	// their cost at the input, cached-read and cache-write rates, which
	// add up to input_cost_per_request.
	*billedCostJSON
}

type billedCostJSON struct {
	UncachedTokens   int      `json:"uncached_input_tokens"`
	CachedTokens     int      `json:"cached_input_tokens"`
	CacheWriteTokens int      `json:"cache_write_tokens"`
	UncachedCost     *float64 `json:"uncached_input_cost"`
	CachedCost       *float64 `json:"cached_input_cost"`
	CacheWriteCost   *float64 `json:"cache_write_cost"`
	RatesAssumed     bool     `json:"cache_rates_assumed,omitempty"`
}

func costJSONOf(c core.RequestCost, prices tokens.PriceTable) costJSON {
	out := costJSON{Model: c.Model, PriceEntry: c.PriceEntry, Known: c.Known, PricesDate: prices.Date, Sources: prices.Sources,
		InputTokens: c.InputTokens, ReplyTokens: c.ReplyTokens}
	if c.Known {
		out.Source = c.Price.Source
		out.InputRate, out.CachedInputRate, out.OutputRate = known(c.Price.Input), known(c.Price.CachedInput), known(c.Price.Output)
		out.PerRequest, out.Per1000Requests = known(c.Input), known(c.Per1000())
		out.CachedPerRequest, out.ReplyMax = known(c.Cached), known(c.ReplyMax)
		out.CacheWriteRate = known(c.Price.CacheWrite)
	}
	if c.Billed {
		b := &billedCostJSON{UncachedTokens: c.UncachedTokens, CachedTokens: c.CachedTokens, CacheWriteTokens: c.CacheWriteTokens, RatesAssumed: c.RatesAssumed}
		if c.Known {
			b.UncachedCost, b.CachedCost, b.CacheWriteCost = known(c.Uncached), known(c.CachedRead), known(c.CacheWrite)
		}
		out.billedCostJSON = b
	}
	return out
}

// known is v, or nil (JSON null) when it is unknown.
func known(v float64) *float64 {
	if math.IsNaN(v) {
		return nil
	}
	return &v
}
