package report

import "testing"

func TestClean(t *testing.T) {
	for _, c := range []struct {
		in        string
		max       int
		keepLines bool
		want      string
	}{
		{"plain text", 0, false, "plain text"},
		{"a\x1b[31mred\x00\u202e", 0, false, "a\uFFFD[31mred\uFFFD\uFFFD"},
		{"two\nlines\tand tab", 0, false, "two\uFFFDlines and tab"},
		{"two\nlines\tand tab", 0, true, "two\nlines\tand tab"},
		{"abcdef", 3, false, "abc…"},
		{"abc", 3, false, "abc"},
		{"bad \xff byte, kept \uFFFD", 0, false, "bad \uFFFD byte, kept \uFFFD"},
		{"漢字e\u0301", 0, false, "漢字e\u0301"},
	} {
		if got := Clean(c.in, c.max, c.keepLines); got != c.want {
			t.Errorf("Clean(%q, %d, %v) = %q, want %q", c.in, c.max, c.keepLines, got, c.want)
		}
	}
}
