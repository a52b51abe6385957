package tokens

import (
	"hash/maphash"
	"sync"
)

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
	// Texts of memoPrintBytes and more are remembered by their
	// fingerprint, not kept as keys: a 50 MB rendering of a history,
	// counted once and dropped by its caller, would otherwise stay
	// alive in the memo beside the messages it was made from.
	bigCounts map[printKey]int
	bigCuts   map[printCutKey]string
}

// memoPrintBytes is the size from which a text is remembered by its
// fingerprint.
const memoPrintBytes = 1 << 20

// printKey is a text's fingerprint: its length and two 64-bit hashes of
// independent random seeds. Two different texts share one with a
// chance of about 2^-128, and the seeds are new in every process, so no
// input can be made to collide.
type printKey struct {
	n      int
	h1, h2 uint64
}

type printCutKey struct {
	text printKey
	max  int
	keep Keep
}

var printSeed1, printSeed2 = maphash.MakeSeed(), maphash.MakeSeed()

func fingerprint(text string) printKey {
	return printKey{n: len(text), h1: maphash.String(printSeed1, text), h2: maphash.String(printSeed2, text)}
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
	if len(text) >= memoPrintBytes {
		return m.countBig(text, compute)
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
	if len(key.text) >= memoPrintBytes {
		return m.truncateBig(key, compute)
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
		m.bigCounts = make(map[printKey]int)
		m.bigCuts = make(map[printCutKey]string)
		m.bytes = 0
	}
	m.bytes += size
}

// countBig is count for a long text, remembered by its fingerprint.
func (m *tokenMemo) countBig(text string, compute func(string) int) int {
	key := fingerprint(text)
	m.mu.Lock()
	n, ok := m.bigCounts[key]
	m.mu.Unlock()
	if ok {
		return n
	}
	n = compute(text)
	m.mu.Lock()
	m.makeRoom(0)
	m.bigCounts[key] = n
	m.mu.Unlock()
	return n
}

// truncateBig is truncate for a long text: the cut is kept, the text
// only as its fingerprint.
func (m *tokenMemo) truncateBig(key cutKey, compute func() string) string {
	pk := printCutKey{text: fingerprint(key.text), max: key.max, keep: key.keep}
	m.mu.Lock()
	cut, ok := m.bigCuts[pk]
	m.mu.Unlock()
	if ok {
		return cut
	}
	cut = compute()
	if len(cut) == len(key.text) {
		return cut // nothing cut: the text itself, which the memo must not keep
	}
	m.mu.Lock()
	m.makeRoom(len(cut))
	m.bigCuts[pk] = cut
	m.mu.Unlock()
	return cut
}
