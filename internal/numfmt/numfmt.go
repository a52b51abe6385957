// Package numfmt writes counts the one way every report, note and pane
// of ctxlab writes them: digits grouped by commas (12,345) and the noun in
// the number the count takes. Python's reference output has its own float
// spelling (core's pycompat.floatRepr); this package is only for what ctxlab
// itself says.
package numfmt

import "strconv"

// Thousands writes n with comma separators: 12,345 and -1,000.
func Thousands(n int) string {
	digits := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, digits = "-", digits[1:]
	}
	grouped := make([]byte, 0, len(digits)+len(digits)/3)
	for i := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			grouped = append(grouped, ',')
		}
		grouped = append(grouped, digits[i])
	}
	return sign + string(grouped)
}

// Plural is one for a count of exactly one and many for any other count,
// zero and negatives included, as English says "0 documents".
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Count is n grouped by Thousands and the noun in the number n takes:
// "1 message", "12,345 tokens".
func Count(n int, one, many string) string {
	return Thousands(n) + " " + Plural(n, one, many)
}
