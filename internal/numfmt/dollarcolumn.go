package numfmt

import (
	"math"
	"strconv"
	"strings"
)

// DollarColumn formats amounts that stand in one column with the same
// number of decimals: the most Dollars would give any of them, so $0.290
// stands over $0.203 rather than $0.29. An amount that is not a number
// is "unknown", as Dollars writes it; amounts are rounded as Dollars
// rounds them.
func DollarColumn(values []float64) []string {
	decimals := 2
	for _, v := range values {
		v = math.Abs(v)
		if math.IsNaN(v) || math.IsInf(v, 0) || v == 0 || v >= 1 {
			continue
		}
		decimals = max(decimals, 2-int(math.Floor(math.Log10(v))))
	}
	out := make([]string, len(values))
	for i, v := range values {
		switch {
		case math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) >= hugeDollars:
			out[i] = Dollars(v)
		case v == 0:
			out[i] = "$0"
		default:
			sign := ""
			if v < 0 {
				sign, v = "−", -v
			}
			text := roundDecimal(v, decimals)
			if dot := strings.IndexByte(text, '.'); dot > 3 {
				whole, _ := strconv.Atoi(text[:dot])
				text = Thousands(whole) + text[dot:]
			}
			out[i] = sign + "$" + text
		}
	}
	return out
}
