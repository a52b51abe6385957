package pipeline

import (
	"cmp"
	"crypto/md5"
	"slices"
	"strings"
	"sync"

	"ctxlab/core/pycompat"
	"ctxlab/core/tokens"
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

	hashes     [][md5.Size]byte
	hashClass  []int32 // documents with equal hashes share a class, numbered from 0
	lowerWords [][]string

	byScore scoreOrder

	mu       sync.Mutex
	tokens   map[string][]int
	shingles map[int]*shingleIndex
}

// shingleIndex is every document's shingle set for one shingle size and,
// for each shingle, the documents that contain it (compressed: the
// documents of shingle s are docs[offsets[s]:offsets[s+1]], ascending).
type shingleIndex struct {
	sets    []shingleSet
	offsets []int32
	docs    []int32
	// rank orders the shingles rarest first (fewest documents, then id);
	// ranked[i] is document i's shingles as ranks, ascending, and
	// idOfRank turns a rank back into a shingle id. The dedup stage's
	// prefix filter probes only each set's rarest shingles.
	rank     []uint32
	idOfRank []uint32
	ranked   [][]uint32
}

func (x *shingleIndex) containing(id uint32) []int32 {
	return x.docs[x.offsets[id]:x.offsets[id+1]]
}

// Analyze prepares docs for any number of Builds.
func Analyze(docs []value.Document) *Analysis {
	a := &Analysis{
		Docs:       docs,
		hashes:     make([][md5.Size]byte, len(docs)),
		lowerWords: make([][]string, len(docs)),
		hashClass:  make([]int32, len(docs)),
		tokens:     make(map[string][]int),
		shingles:   make(map[int]*shingleIndex),
	}
	forEachDocument(len(docs), func(i int) {
		lower := strings.ToLower(docs[i].Content)
		a.hashes[i] = md5.Sum([]byte(pycompat.CollapseWhitespace(lower)))
		a.lowerWords[i] = pycompat.Split(lower)
	})
	// Classes are numbered in input order, so after the parallel part.
	classes := make(map[[md5.Size]byte]int32, len(docs))
	for i := range docs {
		class, ok := classes[a.hashes[i]]
		if !ok {
			class = int32(len(classes))
			classes[a.hashes[i]] = class
		}
		a.hashClass[i] = class
	}
	return a
}

// Tokens returns every document's token count under tok, computing them
// the first time tok is asked for. The slice is shared: do not modify it.
func (a *Analysis) Tokens(tok tokens.Tokenizer) []int {
	a.mu.Lock()
	defer a.mu.Unlock()
	if counts, ok := a.tokens[tok.Name()]; ok {
		return counts
	}
	counts := make([]int, len(a.Docs))
	for i, d := range a.Docs {
		counts[i] = tok.Count(d.Content)
	}
	a.tokens[tok.Name()] = counts
	return counts
}

// shingleIndex returns the k-word shingle sets and their inverted index,
// built the first time k is asked for.
func (a *Analysis) shingleIndex(k int) *shingleIndex {
	a.mu.Lock()
	defer a.mu.Unlock()
	if x, ok := a.shingles[k]; ok {
		return x
	}
	interner := newShingleInterner()
	x := &shingleIndex{sets: make([]shingleSet, len(a.Docs))}
	for i, words := range a.lowerWords {
		x.sets[i] = interner.shingles(words, k)
	}
	// Count, then fill: two passes build the compressed postings without
	// a slice per shingle.
	x.offsets = make([]int32, len(interner.ids)+1)
	for _, set := range x.sets {
		for _, id := range set {
			x.offsets[id+1]++
		}
	}
	for id := 1; id < len(x.offsets); id++ {
		x.offsets[id] += x.offsets[id-1]
	}
	x.docs = make([]int32, x.offsets[len(x.offsets)-1])
	next := append([]int32(nil), x.offsets[:len(x.offsets)-1]...)
	for i, set := range x.sets {
		for _, id := range set {
			x.docs[next[id]] = int32(i)
			next[id]++
		}
	}
	x.idOfRank = make([]uint32, len(x.offsets)-1)
	for id := range x.idOfRank {
		x.idOfRank[id] = uint32(id)
	}
	slices.SortFunc(x.idOfRank, func(p, q uint32) int {
		if dp, dq := x.offsets[p+1]-x.offsets[p], x.offsets[q+1]-x.offsets[q]; dp != dq {
			return cmp.Compare(dp, dq)
		}
		return cmp.Compare(p, q)
	})
	x.rank = make([]uint32, len(x.idOfRank))
	for r, id := range x.idOfRank {
		x.rank[id] = uint32(r)
	}
	x.ranked = make([][]uint32, len(x.sets))
	flat := make([]uint32, len(x.docs))
	for i, set := range x.sets {
		ranks := flat[:len(set):len(set)]
		flat = flat[len(set):]
		for j, id := range set {
			ranks[j] = x.rank[id]
		}
		slices.Sort(ranks)
		x.ranked[i] = ranks
	}
	a.shingles[k] = x
	return x
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
	words := a.lowerWords[i]
	mask := make([]bool, len(words))
	other := make(map[string]bool)
	for _, s := range windows(a.lowerWords[j], k) {
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
