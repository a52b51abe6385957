package pycompat

import (
	"math"
	"strconv"
	"strings"
)

// Round returns round(x, places) as Python computes it: correctly
// rounded from the exact binary value, ties to even. strconv's formatting
// does exactly that; math.Round would round ties away from zero.
func Round(x float64, places int) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', places, 64), 64)
	return r
}

// FloatRepr formats f as Python's repr(float) does, which is also how
// Python's json module writes it: the shortest round-tripping digits, in
// fixed notation with at least one decimal when the exponent is in
// [-4, 16), in scientific notation otherwise. NaN and the infinities take
// Python's names (Infinity, not +Inf) here only: this writes the
// reference's JSON; everything ctxlab writes in its own words uses
// strconv's names.
func FloatRepr(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	sci := strconv.FormatFloat(f, 'e', -1, 64)
	exp, _ := strconv.Atoi(sci[strings.IndexByte(sci, 'e')+1:])
	if exp < -4 || exp >= 16 {
		return sci
	}
	fixed := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsRune(fixed, '.') {
		fixed += ".0"
	}
	return fixed
}

// Float marshals to JSON the way Python's json module writes a float, so
// `ctxlab build --format json` is byte-comparable with the reference.
type Float float64

func (f Float) MarshalJSON() ([]byte, error) {
	return []byte(FloatRepr(float64(f))), nil
}

// FormatRelevance is Python's f"{score:.2f}".
func FormatRelevance(score float64) string {
	return strconv.FormatFloat(score, 'f', 2, 64)
}
