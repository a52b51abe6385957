package cli

import (
	"strings"
	"testing"
)

// wordCount must count what strings.Fields splits, for every kind of
// space Go knows and for bytes that are not UTF-8.
func TestWordCountMatchesFields(t *testing.T) {
	for _, text := range []string{
		"",
		"   ",
		"one",
		" one  two\tthree\nfour ",
		"a\u00a0b\u2003c\u0085d\u3000e",
		"x\xffy \xfe z",
		"\u200bzero\u200bwidth",
		"\x1cfile\x1dseparators",
		"trailing\r\n",
	} {
		if got, want := wordCount(text), len(strings.Fields(text)); got != want {
			t.Errorf("wordCount(%q) = %d; strings.Fields has %d", text, got, want)
		}
	}
}
