package numfmt

import (
	"math"
	"strconv"
)

// largeScore is where a score is written in exponent form: retrieval
// scores are small, and a score of 1e29 written out takes 33 columns and
// pushes every column after it out of line.
const largeScore = 1e6

// Score writes a relevance score with digits decimals, or, when it is a
// million or more in size, with four significant digits in exponent form
// (1e+29, -2.5e+07), so a table of scores keeps its columns.
func Score(score float64, digits int) string {
	if math.Abs(score) >= largeScore {
		return strconv.FormatFloat(score, 'g', 4, 64)
	}
	return strconv.FormatFloat(score, 'f', digits, 64)
}
