package prices

import (
	"math"
	"testing"

	"ctxlab/loaders/internal/loadertest"
)

// FuzzLoadPrices: a price file gives prices or one clean error.
func FuzzLoadPrices(f *testing.F) {
	f.Add([]byte("date: 2027-01-15\nsource: https://example.com\nmodels:\n  gpt-4o: {input: 2.50, cached_input: 1.25, output: 10.00}\n"))
	f.Add([]byte("models:\n  x: {input: -1}\n  y: {output: .nan, note: 5}\n"))
	f.Add([]byte("models: [1, 2]\n"))
	f.Add([]byte("models:\n  a: &p {input: 1}\n  b: *p\n"))
	// A long model name as PyYAML writes it, an explicit key; and one
	// with no value after it.
	f.Add([]byte("models:\n  ? a model name long enough to be read as a long key\n  : input: 2.5\n    output: 10\n"))
	f.Add([]byte("models:\n  ? 'a model name, single-quoted, and long'\n  : {input: 1}\n  ? \"b\\u00e9 double-quoted model name\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := loadertest.WriteFuzzFile(t, "prices.yaml", data)
		table, err := Load(path)
		if err != nil {
			loadertest.CheckFuzzError(t, err)
			return
		}
		// Unknown (NaN) is a rate left out; any other is a price.
		for model, p := range table.Prices {
			for _, rate := range []float64{p.Input, p.CachedInput, p.Output} {
				if rate < 0 || math.IsInf(rate, 0) {
					t.Errorf("model %q: rate %v is not a non-negative number", model, rate)
				}
			}
		}
	})
}
