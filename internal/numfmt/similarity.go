package numfmt

import (
	"math"
	"strconv"
)

// SimilarityDigits is how many decimals a similarity is written with.
const SimilarityDigits = 3

// Similarity writes a similarity (a Jaccard ratio, compared with a
// threshold as similarity ≥ threshold) cut, not rounded, to three
// decimals: 0.72998 is 0.729, never 0.730, so a threshold typed as the
// value shown, or any with as many decimals, falls on the same side of
// it as the similarity itself does.
func Similarity(v float64) string {
	return strconv.FormatFloat(FloorTo(v, SimilarityDigits), 'f', SimilarityDigits, 64)
}

// FloorTo cuts v to digits decimals, towards minus infinity. A value that
// is a decimal of that many digits, held in binary a hair below it (0.73
// is 0.72999999999999998), stays that decimal: a ratio of two counts is
// never within 1e-9 of such a decimal without being it.
func FloorTo(v float64, digits int) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	scale := math.Pow10(digits)
	return math.Floor(v*scale+1e-9) / scale
}
