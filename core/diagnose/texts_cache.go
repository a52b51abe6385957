package diagnose

import (
	"sync"

	"ctxlab/core/value"
)

// Texts keeps what the pairwise checks work out about a document set
// (each document's words, and each pair's similarity and fact changes)
// from one Diagnose to the next: a knob change moves which documents are
// compared, rarely the documents, so the workbench's next evaluation
// finds most of them done. It is safe for concurrent Diagnoses. A Texts
// answers only for the document slice it was made for; Diagnose ignores
// it for another.
type Texts struct {
	docs []value.Document

	mu    sync.Mutex
	words map[int]*docText
	ids   map[string]uint32
	sims  map[docPair]float64
	diffs map[docPair]diffResult
}

// docPair is an ordered pair of document positions.
type docPair struct{ a, b int }

// diffResult is factChanges' answer for a pair.
type diffResult struct {
	hunks []hunk
	ok    bool
}

// NewTexts makes an empty cache for docs.
func NewTexts(docs []value.Document) *Texts {
	return &Texts{docs: docs, words: map[int]*docText{}, ids: map[string]uint32{},
		sims: map[docPair]float64{}, diffs: map[docPair]diffResult{}}
}

// serves reports whether t was made for docs: the same slice, not merely
// equal contents.
func (t *Texts) serves(docs []value.Document) bool {
	if t == nil || len(t.docs) != len(docs) {
		return false
	}
	return len(docs) == 0 || &t.docs[0] == &docs[0]
}

// textLocked is document i's words; t.mu is held.
func (t *Texts) textLocked(i int) *docText {
	if dt, ok := t.words[i]; ok {
		return dt
	}
	dt := newDocText(t.docs[i].Content, t.ids)
	t.words[i] = dt
	return dt
}

func (t *Texts) similarity(a, b int) float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	if sim, ok := t.sims[docPair{a, b}]; ok {
		return sim
	}
	sim := versionSimilarity(t.textLocked(a).set, t.textLocked(b).set)
	t.sims[docPair{a, b}] = sim
	return sim
}

func (t *Texts) factChanges(a, b int) ([]hunk, bool) {
	t.mu.Lock()
	if d, ok := t.diffs[docPair{a, b}]; ok {
		t.mu.Unlock()
		return d.hunks, d.ok
	}
	wa, wb := t.textLocked(a).words, t.textLocked(b).words
	t.mu.Unlock()
	// The diff runs outside the lock: the words never change once made.
	hunks, ok := factChanges(wa, wb)
	t.mu.Lock()
	t.diffs[docPair{a, b}] = diffResult{hunks, ok}
	t.mu.Unlock()
	return hunks, ok
}
