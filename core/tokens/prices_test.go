package tokens

import (
	"math"
	"testing"
)

func TestPriceLookupTakesTheLongestPrefix(t *testing.T) {
	prices := DefaultPrices()
	for _, tc := range []struct {
		model, entry string
		input        float64
	}{
		{"gpt-4o", "gpt-4o", 2.50},
		{"gpt-4o-2024-08-06", "gpt-4o", 2.50},
		{"gpt-4o-mini", "gpt-4o-mini", 0.15},
		{"openai:gpt-4.1-mini", "gpt-4.1-mini", 0.40},
		{"claude-sonnet-4-5-20250929", "claude-sonnet-4", 3.00},
		{"claude-opus-4-5", "claude-opus-4-5", 5.00},
		{"claude-opus-4-1-20250805", "claude-opus-4-1", 15.00},
		{"us.anthropic.claude-3-5-haiku-20241022-v1:0", "claude-3-5-haiku", 0.80},
	} {
		p, entry, ok := prices.Lookup(tc.model)
		if !ok || entry != tc.entry || p.Input != tc.input {
			t.Errorf("%s: entry %q input %v (found %v), want %q at %v", tc.model, entry, p.Input, ok, tc.entry, tc.input)
		}
	}
}

// A model priced apart from its family must not borrow the family's
// price: o1-mini is not o1.
func TestPriceLookupDoesNotLendAFamilysPrice(t *testing.T) {
	prices := DefaultPrices()
	for _, model := range []string{"o1-mini", "o3-pro", "gpt-5-pro-2025"} {
		if p, _, ok := prices.Lookup(model); ok && !math.IsNaN(p.Input) {
			t.Errorf("%s priced at %v", model, p.Input)
		}
	}
	for _, model := range []string{"gpt-oss-120b", "claude-2.0", "claude-3-5-sonnet-20241022", "llama-3"} {
		if _, entry, ok := prices.Lookup(model); ok {
			t.Errorf("%s priced by %q; no figure was verified for it", model, entry)
		}
	}
}

func TestDefaultPricesAreDatedSourcedAndSane(t *testing.T) {
	prices := DefaultPrices()
	if prices.Date == "" || len(prices.Sources) == 0 {
		t.Fatalf("date %q, sources %v", prices.Date, prices.Sources)
	}
	for name, p := range prices.Prices {
		if p.Note == "" {
			t.Errorf("%s: no note of where the figures come from", name)
		}
		for _, rate := range []float64{p.Input, p.CachedInput, p.Output} {
			if rate < 0 {
				t.Errorf("%s: negative rate %v", name, rate)
			}
		}
		if p.CachedInput > p.Input || p.Output < p.Input {
			t.Errorf("%s: cached %v, input %v, output %v out of their usual order", name, p.CachedInput, p.Input, p.Output)
		}
	}
}

func TestPriceMergeOverrides(t *testing.T) {
	merged := DefaultPrices().Merge(PriceTable{Date: "2027-01-01", Prices: map[string]Price{"gpt-4o": {Input: 2, CachedInput: 1, Output: 8, Note: "ours"}, "acme-1": {Input: 1, Output: 2}}})
	if p, _, _ := merged.Lookup("gpt-4o"); p.Input != 2 || p.Note != "ours" {
		t.Errorf("gpt-4o %+v", p)
	}
	if _, entry, ok := merged.Lookup("acme-1-large"); !ok || entry != "acme-1" {
		t.Errorf("acme-1-large: %q %v", entry, ok)
	}
	if p, _, _ := merged.Lookup("claude-haiku-4-5"); p.Input != 1 {
		t.Errorf("a model the override leaves out lost its price: %+v", p)
	}
	if merged.Date != "2027-01-01" || len(merged.Sources) != 2 {
		t.Errorf("date %q sources %v", merged.Date, merged.Sources)
	}
}
