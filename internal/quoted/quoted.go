// Package quoted shortens a name taken from input (a document's source, a
// tool's name) to what a sentence or a label can quote. Sources are
// paths and URLs, names a few words; but each is whatever the input's
// field held, and a retrieval system that put a page's text there gives
// one as long as a document. Quoted whole, a 50 MB source was copied into
// every finding, label and line that named it, and held once more by
// each evaluation the workbench kept.
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
