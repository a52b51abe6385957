package core

import "strconv"

// Thousands writes n with comma separators (12,345), as every report
// writes a count; core's notes and the loaders' use it so the numbers in
// them read like the rest of the report.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return sign + string(out)
}

// pluralNoun is noun, or its plural for any count but one.
func pluralNoun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// pluralCount is n, grouped, and the noun in the number n takes.
func pluralCount(n int, one, many string) string {
	return Thousands(n) + " " + pluralNoun(n, one, many)
}
