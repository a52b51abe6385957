package pipeline

import (
	"crypto/md5"
	"strings"
	"sync"

	"ctxlab/core/pycompat"
	"ctxlab/core/value"
)

// Analysis holds the per-document work that does not depend on the
// pipeline's knobs: normalized hashes and lowercased words up front, token
// counts per tokenizer and shingle sets per shingle size on first request.
// A Build with new options reuses all of it, so a knob change costs only
// the cheap stages. An Analysis is safe for concurrent Builds.
type Analysis struct {
	// Docs are the input documents, in input order. Do not modify.
	Docs []value.Document

	hashClass []int32 // documents with equal hashes share a class, numbered from 0
	classRep  []int32 // class -> its first document

	byScore scoreOrder

	mu        sync.Mutex
	tokens    map[string]*tokenJob
	shingles  map[int]*shingleIndex
	wordCount []int32 // words per document, counted when strict mode asks
	keys      map[DedupKey]*docKeys
	sweeps    map[SweepParam]sweepEntry // the last sweep of each option (CachedSweep)
}

// Analyze prepares docs for any number of Builds.
func Analyze(docs []value.Document) *Analysis {
	a := &Analysis{
		Docs:      docs,
		hashClass: make([]int32, len(docs)),
		tokens:    make(map[string]*tokenJob),
		shingles:  make(map[int]*shingleIndex),
	}
	// The hashes serve only to number the classes: they are dropped when
	// Analyze returns (16 bytes a document kept for nothing before).
	hashes := make([][md5.Size]byte, len(docs))
	forEachBlock(len(docs), func(start, end int) {
		var hasher contentHasher
		for i := start; i < end; i++ {
			hashes[i] = hasher.sum(docs[i].Content)
		}
	})
	// Classes are numbered in input order, so after the parallel part.
	// The map grows with the classes found rather than being sized for
	// one per document: a million one-word documents have a few thousand
	// texts, and a map sized for a million held about 50 MB for them.
	classes := make(map[[md5.Size]byte]int32)
	for i := range docs {
		class, ok := classes[hashes[i]]
		if !ok {
			class = int32(len(classes))
			classes[hashes[i]] = class
			a.classRep = append(a.classRep, int32(i))
		}
		a.hashClass[i] = class
	}
	return a
}

// shingleIndex returns the k-word shingle sets of every hash class and
// their inverted index, built the first time k is asked for.
func (a *Analysis) shingleIndex(k int) *shingleIndex {
	a.mu.Lock()
	defer a.mu.Unlock()
	if x, ok := a.shingles[k]; ok {
		return x
	}
	x := newShingleIndex(a, k)
	a.shingles[k] = x
	return x
}

// words returns every document's word count as the reference splits
// words, counted the first time it is asked for.
func (a *Analysis) words() []int32 {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.wordCount == nil {
		a.wordCount = make([]int32, len(a.Docs))
		for i, d := range a.Docs {
			a.wordCount[i] = int32(pycompat.WordCount(d.Content))
		}
	}
	return a.wordCount
}

// lowerWords is document i's words, lowercased, as the reference splits
// them. They are recomputed when needed rather than kept: a word list per
// document costs more memory than the documents themselves.
func (a *Analysis) lowerWords(i int) []string {
	return pycompat.Split(strings.ToLower(a.Docs[i].Content))
}

func windows(words []string, k int) []string {
	if len(words) < k {
		return []string{strings.Join(words, " ")}
	}
	out := make([]string, 0, len(words)-k+1)
	for i := 0; i+k <= len(words); i++ {
		out = append(out, strings.Join(words[i:i+k], " "))
	}
	return out
}

// SharedWords marks, for each word of document i (the words WordSpans
// finds), whether it belongs to a k-word window that document j contains
// too: the text the inspector highlights when showing why i duplicates j.
func (a *Analysis) SharedWords(i, j, k int) []bool {
	words := a.lowerWords(i)
	mask := make([]bool, len(words))
	other := make(map[string]bool)
	for _, s := range windows(a.lowerWords(j), k) {
		other[s] = true
	}
	if len(words) < k {
		if other[strings.Join(words, " ")] {
			for w := range mask {
				mask[w] = true
			}
		}
		return mask
	}
	for start := 0; start+k <= len(words); start++ {
		if other[strings.Join(words[start:start+k], " ")] {
			for w := start; w < start+k; w++ {
				mask[w] = true
			}
		}
	}
	return mask
}
