package tokens

import "sync"

// memoMinBytes: shorter texts encode faster than a map lookup pays for.
const memoMinBytes = 64

// memoMaxBytes bounds the text a memo keeps alive; past it the memo starts
// over. 64 MiB holds every text of a large scenario many times over.
const memoMaxBytes = 64 << 20

// tokenMemo remembers BPE results by text. A knob change re-counts the
// same system prompt, tool definitions, messages and documents as the
// previous evaluation; BPE encoding is the dominant cost of an
// evaluation, and a lookup is a hash of the text.
type tokenMemo struct {
	mu     sync.Mutex
	counts map[string]int
	cuts   map[cutKey]string
	bytes  int
}

type cutKey struct {
	text string
	max  int
	keep Keep
}

func (m *tokenMemo) count(text string, compute func(string) int) int {
	if len(text) < memoMinBytes {
		return compute(text)
	}
	m.mu.Lock()
	n, ok := m.counts[text]
	m.mu.Unlock()
	if ok {
		return n
	}
	n = compute(text)
	m.mu.Lock()
	m.makeRoom(len(text))
	m.counts[text] = n
	m.mu.Unlock()
	return n
}

func (m *tokenMemo) truncate(key cutKey, compute func() string) string {
	if len(key.text) < memoMinBytes {
		return compute()
	}
	m.mu.Lock()
	cut, ok := m.cuts[key]
	m.mu.Unlock()
	if ok {
		return cut
	}
	cut = compute()
	m.mu.Lock()
	m.makeRoom(len(key.text) + len(cut))
	m.cuts[key] = cut
	m.mu.Unlock()
	return cut
}

// makeRoom starts over when the memo would keep too much text alive.
// The caller holds the lock.
func (m *tokenMemo) makeRoom(size int) {
	if m.counts == nil || m.bytes+size > memoMaxBytes {
		m.counts = make(map[string]int)
		m.cuts = make(map[cutKey]string)
		m.bytes = 0
	}
	m.bytes += size
}
