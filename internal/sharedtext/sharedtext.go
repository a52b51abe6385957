// Package sharedtext joins long texts once per process. The workbench
// evaluates the same input again and again (the exact count after the
// first estimate, every setting changed, each fix previewed, a pinned
// baseline beside the one shown), and every evaluation writes the long
// texts of a request anew: the context block, the tools array, the tool
// results' message, the history's lines. With a part of 50 MB, each
// evaluation held 50 MB of its own for each, two or three evaluations at
// once. Join returns the string an earlier join made when its bytes are
// the same and something still holds it.
//
// The strings are remembered weakly: one no evaluation holds any more is
// collected as before, and nothing is kept alive here. A remembered
// string is taken only when its bytes equal, one for one, the parts
// asked for (compared where they lie), so nothing can be stale.
package sharedtext

import (
	"iter"
	"strings"
	"sync"
	"unsafe"
	"weak"
)

// MinBytes is the length from which a join is remembered and looked up:
// below it, writing the text again costs less than comparing it.
const MinBytes = 1 << 20

// slots is how many long texts are remembered. A workbench holds a few
// evaluations at once (shown, pinned, being computed), each with a few
// long texts.
const slots = 16

var cache struct {
	mu      sync.Mutex
	entries [slots]entry
	next    int // the entry the next remembered text replaces
}

// entry is one remembered text: its bytes held weakly, and its length.
type entry struct {
	data weak.Pointer[byte]
	size int
}

// text is the remembered string, or "" once it was collected.
func (e entry) text() string {
	if e.size == 0 {
		return ""
	}
	p := e.data.Value()
	if p == nil {
		return ""
	}
	return unsafe.String(p, e.size)
}

// Join is strings.Join(parts, ""), made once: when the text is at least
// MinBytes long and a remembered one holds the same bytes, whole or as
// its end (a text joined after a heading, asked for without it), that
// string is returned; else a new one is written and remembered. parts
// is walked more than once and must yield the same strings each time.
func Join(parts iter.Seq[string]) string {
	size := 0
	for p := range parts {
		size += len(p)
	}
	if size < MinBytes {
		return write(parts, size)
	}
	if s, ok := find(parts, size); ok {
		return s
	}
	s := write(parts, size)
	remember(s)
	return s
}

// Bytes views b as a string for Join's parts without copying it: b must
// not change while the join runs (JSON read once and kept).
func Bytes(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// View is s as bytes without copying them, for a field typed as bytes
// (json.RawMessage) that holds a shared text: the bytes must never be
// written to, as they are every holder's string.
func View(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

func write(parts iter.Seq[string], size int) string {
	var b strings.Builder
	b.Grow(size)
	for p := range parts {
		b.WriteString(p)
	}
	return b.String()
}

// find returns a remembered text equal to the join of parts, or the end
// of one that ends with it.
func find(parts iter.Seq[string], size int) (string, bool) {
	cache.mu.Lock()
	entries := cache.entries
	cache.mu.Unlock()
	// Comparing happens outside the lock: a text may be 50 MB.
	for _, e := range entries {
		if e.size < size {
			continue
		}
		text := e.text()
		if text == "" {
			continue
		}
		if tail := text[len(text)-size:]; equals(tail, parts) {
			return tail, true
		}
	}
	return "", false
}

// equals reports whether text is the join of parts, of text's length.
func equals(text string, parts iter.Seq[string]) bool {
	at := 0
	for p := range parts {
		if !strings.HasPrefix(text[at:], p) {
			return false
		}
		at += len(p)
	}
	return at == len(text)
}

// remember keeps s weakly, replacing the oldest entry.
func remember(s string) {
	cache.mu.Lock()
	defer cache.mu.Unlock()
	cache.entries[cache.next] = entry{data: weak.Make(unsafe.StringData(s)), size: len(s)}
	cache.next = (cache.next + 1) % slots
}
