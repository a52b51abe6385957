package numfmt

import (
	"slices"
	"strconv"
)

// Decimals is the fewest decimals, from least up to most, at which the
// distinct values all print differently, so a column of scores shows
// their order: 0.99999 above 0.99998, not 1.00 twice. Values that differ
// beyond most decimals get most.
func Decimals(values []float64, least, most int) int {
	sorted := slices.Clone(values)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	for digits := least; digits < most; digits++ {
		distinct := true
		for i := 1; i < len(sorted) && distinct; i++ {
			distinct = strconv.FormatFloat(sorted[i-1], 'f', digits, 64) != strconv.FormatFloat(sorted[i], 'f', digits, 64)
		}
		if distinct {
			return digits
		}
	}
	return most
}
