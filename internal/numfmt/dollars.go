package numfmt

import (
	"math"
	"math/big"
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
		whole, cents, _ := strings.Cut(roundDecimal(v, 2), ".")
		n, _ := strconv.ParseInt(whole, 10, 64)
		return sign + "$" + Thousands(int(n)) + "." + cents
	}
	decimals := max(2, 2-int(math.Floor(math.Log10(v))))
	text := roundDecimal(v, decimals)
	if strings.HasPrefix(text, "1") {
		// 0.9996 rounds up to a dollar: written in cents.
		return sign + "$1.00"
	}
	// Trailing zeros go, down to cents: $0.50, not $0.500.
	for strings.HasSuffix(text, "0") && len(text)-strings.IndexByte(text, '.') > 3 {
		text = text[:len(text)-1]
	}
	return sign + "$" + text
}

// hugeDollars is where Dollars turns to scientific notation: below it an
// amount's cents are exact in a float64 (2^53 is about 9.0e15 cents).
const hugeDollars = 1e13

// roundDecimal writes v with decimals digits after the point, rounding
// the decimal the amount is, half up, rather than the binary float that
// holds it: 71 tokens at $2.50 per million are $0.0001775, which is
// 0.00017750000000000001 in binary and 0.17749999999999999 once times a
// thousand, and both must round the same way ($0.000178, $0.178).
// Fifteen significant digits, as many as a float64 holds of any decimal,
// drop the binary's noise first; below hugeDollars that keeps the cents.
func roundDecimal(v float64, decimals int) string {
	r, _ := new(big.Rat).SetString(strconv.FormatFloat(v, 'e', 14, 64))
	return r.FloatString(decimals)
}
