package prices

import (
	"strings"

	"ctxlab/core/tokens"
	"ctxlab/loaders"
)

// priceFileKeys are a price file's keys; priceKeys a model's.
var (
	priceFileKeys = []string{"date", "source", "models"}
	priceKeys     = []string{"input", "cached_input", "cache_write", "output", "note"}
)

// Load reads a price file and returns the bundled prices with the
// file's added or replacing theirs:
//
//	date: 2027-01-15              # when the figures were taken
//	source: https://example.com   # where from
//	models:
//	  gpt-4o: {input: 2.50, cached_input: 1.25, output: 10.00}
//
// Rates are US dollars per million tokens; a rate left out is unknown,
// but cache_write, left out, is the input rate times the provider's
// cache-write multiple. Models match by the longest prefix of their name, as the model table
// does.
func Load(path string) (tokens.PriceTable, error) {
	defaults := tokens.DefaultPrices()
	// Through the bounded reader, as every input: a device or an endless
	// pipe given as a price file stops at its first bad byte.
	data, err := loaders.ReadInputFile(path)
	if err != nil {
		return defaults, loaders.InputError("loading prices", err)
	}
	root, err := loaders.ParseYAMLNode(path, data, "prices (date, source, models)")
	if err != nil {
		return defaults, err
	}
	fields, err := loaders.YAMLFields(path, root, "the price file", priceFileKeys)
	if err != nil {
		return defaults, err
	}
	var own tokens.PriceTable
	if f, ok := fields["date"]; ok {
		if own.Date, err = loaders.YAMLText(path, f.Value, "date"); err != nil {
			return defaults, err
		}
	}
	if f, ok := fields["source"]; ok {
		source, err := loaders.YAMLText(path, f.Value, "source")
		if err != nil {
			return defaults, err
		}
		own.Sources = []string{source}
	}
	f, ok := fields["models"]
	if !ok {
		return defaults, &loaders.Error{Name: path, Msg: "no models: key; expected models: with each model's input, cached_input and output per million tokens"}
	}
	models, err := loaders.YAMLPairs(path, f.Value, "models")
	if err != nil {
		return defaults, err
	}
	own.Prices = make(map[string]tokens.Price, len(models))
	for _, m := range models {
		name := strings.TrimSpace(m.Key.Value)
		if name == "" {
			return defaults, loaders.YAMLErr(path, m.Key, "a model's name is empty")
		}
		source := path
		if len(own.Sources) > 0 {
			source = own.Sources[0]
		}
		price, err := readPrice(path, name, source, m)
		if err != nil {
			return defaults, err
		}
		own.Prices[name] = price
	}
	return defaults.Merge(own), nil
}

// maxPrice is the highest rate a price file may give, in US dollars per
// million tokens: far above any list price, and low enough that a cost
// over any input ctxlab reads stays a number the reports can print (1e17
// wrapped the money formatter around; 1e308 made JSON costs +Inf).
const maxPrice = 10_000

// priceRange is what a rate is expected to be, for its errors.
const priceRange = "US dollars per million tokens, from 0 to 10,000"

// readPrice reads one model's rates; a rate left out is unknown, and one
// outside 0 to maxPrice (or not a finite number) refused. The labels naming a rate ("models.NAME.input")
// are made only for an error: beside a 50 MB model name each was that
// name copied again.
func readPrice(path, name, source string, m loaders.YAMLField) (tokens.Price, error) {
	rates, err := loaders.YAMLFieldsLabeled(path, m.Value, func() string { return "models." + name }, priceKeys)
	if err != nil {
		return tokens.Price{}, err
	}
	price := tokens.Price{Input: tokens.Unknown, CachedInput: tokens.Unknown, CacheWrite: tokens.Unknown, Output: tokens.Unknown, Note: "from " + path, Source: source}
	for key, dst := range map[string]*float64{"input": &price.Input, "cached_input": &price.CachedInput, "cache_write": &price.CacheWrite, "output": &price.Output} {
		f, ok := rates[key]
		if !ok {
			continue
		}
		field := func() string { return "models." + name + "." + key }
		v, err := loaders.YAMLFloatLabeled(path, f.Value, field)
		if err != nil {
			return price, err
		}
		if v < 0 {
			return price, loaders.YAMLErr(path, f.Value, "%s %s is negative; expected %s", field(), f.Value.Value, priceRange)
		}
		if v > maxPrice {
			return price, loaders.YAMLErr(path, f.Value, "%s %s is above 10,000; expected %s", field(), f.Value.Value, priceRange)
		}
		*dst = v
	}
	if _, given := rates["cache_write"]; !given {
		// Left out, a cache write is the input rate times the provider's
		// write multiple (1.25 for Anthropic's 5-minute cache, 1 for
		// OpenAI's).
		price.CacheWrite = price.Input * tokens.CacheRulesFor(name, "").Write5m
	}
	if f, ok := rates["note"]; ok {
		if price.Note, err = loaders.YAMLTextLabeled(path, f.Value, func() string { return "models." + name + ".note" }); err != nil {
			return price, err
		}
	}
	return price, nil
}
