package numfmt

import (
	"math"
	"strconv"
	"strings"
)

// Dollars writes an amount of US dollars as a reader compares them:
// cents from a dollar up, with comma separators ($1,234.56); below a
// dollar, three significant digits, so the cost of one request
// ($0.0122) does not read as $0.00. NaN and infinities are "unknown"; from
// ten trillion dollars up, where cents no longer count exactly in a
// float64 (nor, further up, fit an int64), three significant digits in
// scientific notation ($1.00e+17).
func Dollars(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "unknown"
	}
	sign := ""
	if v < 0 {
		sign, v = "−", -v
	}
	if v == 0 {
		return "$0"
	}
	if v >= hugeDollars {
		return sign + "$" + strconv.FormatFloat(v, 'e', 2, 64)
	}
	if v >= 1 {
		cents := int64(math.Round(v * 100))
		return sign + "$" + Thousands(int(cents/100)) + "." + pad2(cents%100)
	}
	decimals := max(2, 2-int(math.Floor(math.Log10(v))))
	text := strconv.FormatFloat(v, 'f', decimals, 64)
	// Trailing zeros go, down to cents: $0.50, not $0.500.
	for strings.HasSuffix(text, "0") && len(text)-strings.IndexByte(text, '.') > 3 {
		text = text[:len(text)-1]
	}
	return sign + "$" + text
}

// hugeDollars is where Dollars turns to scientific notation: below it an
// amount's cents are exact in a float64 (2^53 is about 9.0e15 cents).
const hugeDollars = 1e13

func pad2(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}
