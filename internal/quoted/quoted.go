package quoted

import "unicode/utf8"

// The start of a name identifies it (a path's folders, a URL's host),
// its end too (the file); the middle of a long one is left out.
const (
	head = 120
	tail = 60
)

// Name is s itself, or, when it is longer than a name usually is, its
// first and last bytes (whole characters) around "…".
func Name(s string) string {
	if len(s) <= head+tail+len("…") {
		return s
	}
	h := head
	for h > 0 && !utf8.RuneStart(s[h]) {
		h--
	}
	t := len(s) - tail
	for t < len(s) && !utf8.RuneStart(s[t]) {
		t++
	}
	return s[:h] + "…" + s[t:]
}
