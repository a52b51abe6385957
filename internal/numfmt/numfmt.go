package numfmt

import "strconv"

// Thousands writes n with comma separators: 12,345 and -1,000.
func Thousands(n int) string {
	var buf [32]byte
	return string(AppendThousands(buf[:0], n))
}

// AppendThousands appends n as Thousands writes it, for text put together
// without allocating, such as a list's row measured on every evaluation.
func AppendThousands(dst []byte, n int) []byte {
	var digitsBuf [24]byte
	digits := strconv.AppendInt(digitsBuf[:0], int64(n), 10)
	if n < 0 {
		dst = append(dst, '-')
		digits = digits[1:]
	}
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, c)
	}
	return dst
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
