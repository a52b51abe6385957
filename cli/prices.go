package cli

import (
	"fmt"
	"io"
	"sort"

	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

const pricesUsage = `
ctxlab prices prints the list prices ctxlab prices requests with: per
model, US dollars per million tokens of input, cached input (read from
the prompt cache), cache writes and output, with the date the figures
were taken and the page each comes from. A rate no source verified is
"unknown" rather than a guess. --prices FILE adds
or replaces models (the same file assemble, diff and the workbench take).

Usage:
  ctxlab prices [--prices FILE] [--format text|json]
`

func runPrices(env Env, args []string) error {
	var prices pricesFlag
	var format string
	fs := newFlagSet(env, "prices", pricesUsage)
	prices.register(fs)
	fs.StringVar(&format, "format", "text", "output: text or json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkFormat(format); err != nil {
		return err
	}
	table, err := prices.load()
	if err != nil {
		return err
	}
	if format == "json" {
		return writeJSON(env.Stdout, pricesJSONOf(table))
	}
	writePriceTable(env.Stdout, table)
	return nil
}

// priceNames are the table's entries in name order.
func priceNames(t tokens.PriceTable) []string {
	names := make([]string, 0, len(t.Prices))
	for name := range t.Prices {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func writePriceTable(w io.Writer, t tokens.PriceTable) {
	fmt.Fprintf(w, "List prices in US dollars per million tokens, taken %s\n\n", safetext.Line(t.Date))
	rows := [][]string{{"model (prefix)", "input", "cached input", "cache write", "output", "source"}}
	for _, name := range priceNames(t) {
		p := t.Prices[name]
		rows = append(rows, []string{safetext.Line(name), numfmt.Dollars(p.Input), numfmt.Dollars(p.CachedInput), numfmt.Dollars(p.CacheWrite),
			numfmt.Dollars(p.Output), safetext.Line(p.Source)})
	}
	writeTable(w, rows, "lrrrrl")
	fmt.Fprintln(w, "\nHow each figure was checked:")
	for _, name := range priceNames(t) {
		fmt.Fprintf(w, "  %s: %s\n", safetext.Line(name), safetext.Line(t.Prices[name].Note))
	}
}

type priceJSON struct {
	Model       string   `json:"model"`
	Input       *float64 `json:"input_per_million"`
	CachedInput *float64 `json:"cached_input_per_million"`
	CacheWrite  *float64 `json:"cache_write_per_million"`
	Output      *float64 `json:"output_per_million"`
	Source      string   `json:"source"`
	Note        string   `json:"note"`
}

type pricesJSON struct {
	Date   string      `json:"date"`
	Prices []priceJSON `json:"prices"`
}

func pricesJSONOf(t tokens.PriceTable) pricesJSON {
	out := pricesJSON{Date: t.Date, Prices: []priceJSON{}}
	for _, name := range priceNames(t) {
		p := t.Prices[name]
		out.Prices = append(out.Prices, priceJSON{Model: name, Input: known(p.Input), CachedInput: known(p.CachedInput), CacheWrite: known(p.CacheWrite), Output: known(p.Output), Source: p.Source, Note: p.Note})
	}
	return out
}
