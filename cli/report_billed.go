package cli

import (
	"fmt"
	"strings"

	"ctxlab/core"
	"ctxlab/core/usage"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// billedJSON is the report's top-level "billed": the provider's bill
// beside ctxlab's count of the request as sent. InputTokens is the whole
// prompt as billed, cache reads and writes included whatever the source's
// convention; Gap is Counted less InputTokens.
type billedJSON struct {
	InputTokens      int              `json:"input_tokens"`
	CachedTokens     int              `json:"cached_tokens"`
	CacheWriteTokens int              `json:"cache_write_tokens"`
	Counted          int              `json:"counted"`
	Gap              int              `json:"gap"`
	Convention       usage.Convention `json:"convention"`
	Field            string           `json:"field"`
}

// runBill is the bill beside the request as sent: the evaluation's when
// it measured the request as sent, else the measurement beside it.
func runBill(run *assembleRun) *core.Bill {
	if b := run.eval.Bill; b != nil {
		return b
	}
	if run.measured != nil {
		return run.measured.Bill
	}
	return nil
}

func billedJSONOf(b *core.Bill) *billedJSON {
	if b == nil {
		return nil
	}
	return &billedJSON{InputTokens: b.InputTokens, CachedTokens: b.CachedTokens, CacheWriteTokens: b.CacheWriteTokens,
		Counted: b.Counted, Gap: b.Gap(), Convention: b.Convention, Field: b.Field}
}

// billLine is the report's Billed line, as the workbench's Metrics view
// words it: "counted 1,204 · billed 1,210 (−6, −0.5%) ·
// usage.prompt_tokens, 1,024 read from the cache · openai convention:
// prompt_tokens includes cached_tokens · within 2% of the bill".
func billLine(b *core.Bill) string {
	parts := []string{b.Words(), safetext.Line(b.SourceWords())}
	if c := b.ConventionWords(); c != "" {
		parts = append(parts, c)
	}
	verdict := b.Verdict()
	if !b.WithinTolerance() {
		verdict += " (the findings name the likeliest parts; see docs/internals/counting.md)"
	}
	return strings.Join(append(parts, verdict), " · ")
}

// billedCostLines split the input cost as the bill split the prompt:
// uncached input, cache reads, cache writes, and their sum.
func billedCostLines(c core.RequestCost) []string {
	lines := []string{fmt.Sprintf("uncached input: %s tokens at %s per million = %s",
		numfmt.Thousands(c.UncachedTokens), numfmt.Dollars(c.Price.Input), numfmt.Dollars(c.Uncached))}
	assumed := ""
	if c.RatesAssumed {
		assumed = " (the price table gives no such rate: the provider's cache multiple of the input rate)"
	}
	if c.CachedTokens > 0 {
		lines = append(lines, fmt.Sprintf("cache reads: %s tokens at %s per million = %s%s",
			numfmt.Thousands(c.CachedTokens), numfmt.Dollars(c.ReadRate), numfmt.Dollars(c.CachedRead), assumed))
	}
	if c.CacheWriteTokens > 0 {
		lines = append(lines, fmt.Sprintf("cache writes: %s tokens at %s per million = %s%s",
			numfmt.Thousands(c.CacheWriteTokens), numfmt.Dollars(c.WriteRate), numfmt.Dollars(c.CacheWrite), assumed))
	}
	return append(lines, fmt.Sprintf("input as billed (%s tokens, split as the bill splits it): %s per request, %s per 1,000 requests",
		numfmt.Thousands(c.InputTokens), numfmt.Dollars(c.Input), numfmt.Dollars(c.Per1000())))
}
