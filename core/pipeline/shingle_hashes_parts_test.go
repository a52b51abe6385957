package pipeline

import "testing"

// TestWindowPartsByDensity: text of ordinary words (a window every 6
// to 8 bytes, a pass of 1.3 to 1.7 bytes a byte) is hashed in one pass,
// text of one- and two-letter words (a window every 2.5 bytes, 4 bytes
// a byte, as short-words-42mb.jsonl) in four, and a set whose pass fits
// passFloorBytes in one whatever its words.
func TestWindowPartsByDensity(t *testing.T) {
	const mb = 1 << 20
	cases := []struct {
		name           string
		textBytes      int
		bytesPerWindow float64
		want           int
	}{
		{"English prose", 42 * mb, 5.9, 1},
		{"random words", 200 * mb, 7, 1},
		{"one- and two-letter words", 42 * mb, 2.5, 4},
		{"one-letter words", 42 * mb, 2, 4},
		{"one- and two-letter words, a small set", 5 * mb, 2.5, 1},
	}
	for _, c := range cases {
		windows := int(float64(c.textBytes) / c.bytesPerWindow)
		if got := windowParts(windows, c.textBytes); got != c.want {
			t.Errorf("%s: %d windows in %d bytes: %d passes, want %d", c.name, windows, c.textBytes, got, c.want)
		}
	}
}
