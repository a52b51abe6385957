package pipeline

import "sync"

// shingleIndex is, for one shingle size, every hash class's shingle set
// and, for each shingle more than one class holds, the classes that
// contain it (see containing). Documents of one hash class have the same
// words, so the sets are built and compared once per class, never per
// copy.
//
// A shingle only one class holds (nearly every one, in random text) can
// never bring two classes together nor count in their intersection, and
// Jaccard similarity needs only the two sets' sizes beside it: so it is
// counted in its class's size and kept nowhere else.
type shingleIndex struct {
	// sets[c] is class c's shared shingles as ranks, ascending: shingles
	// are numbered rarest first (sharedShingles.index), so prefix filters
	// probe each set's rarest shingles, and a shingle every document
	// shares is never probed unless a set has nothing rarer. A class's
	// unique shingles are rarer than any shared one: they come before
	// its set, in number sizes[c] - len(sets[c]).
	sets  []shingleSet
	sizes []uint32 // class -> its distinct shingles, unique ones included
	// The postings: rank r's classes, ascending, are
	// classes[shared[r]:shared[r+1]].
	shared  []int32
	classes []int32
	groups  shingleGroups   // shingles held by the same classes, merged
	bitmaps []shingleBitmap // per class, of its shared shingles

	mu    sync.Mutex
	pairs *nearPairs // the pairs at the lowest floor asked for so far
}

// containing returns the classes that hold the shingle of rank r.
func (x *shingleIndex) containing(r uint32) []int32 {
	return x.classes[x.shared[r]:x.shared[r+1]]
}

// size is how many distinct shingles class c has.
func (x *shingleIndex) size(c int32) int { return int(x.sizes[c]) }

// uniqueShingles is how many of class c's shingles no other class holds.
func (x *shingleIndex) uniqueShingles(c int32) int { return x.size(c) - len(x.sets[c]) }

// intersection is how many shingles classes c and o share: all of them
// when they are one class, else their shared shingles in common.
func (x *shingleIndex) intersection(c, o int32) int {
	if c == o {
		return x.size(c)
	}
	return intersectionSize(x.sets[c], x.sets[o])
}

// similarity is the Jaccard similarity of classes c and o.
func (x *shingleIndex) similarity(c, o int32) float64 {
	return jaccardFromSizes(x.intersection(c, o), x.size(c), x.size(o))
}

func newShingleIndex(a *Analysis, k int) *shingleIndex {
	return buildShingleIndex(a, newWindowPlan(a, k))
}

// buildShingleIndex hashes the windows one partition of the hash space
// at a time (see windowPlan), numbers each pass's distinct hashes and
// keeps only what the shared ones need, so that neither every window's
// hash nor every window's number is ever live.
func buildShingleIndex(a *Analysis, pl *windowPlan) *shingleIndex {
	gathered := sharedShingles{sizes: make([]uint32, pl.classes)}
	var hashes []uint64
	for part := range pl.parts {
		var ends []int
		hashes, ends = pl.classWindowHashes(a, part, hashes)
		gathered.add(hashes, ends, 64-pl.shift)
	}
	x := &shingleIndex{sizes: gathered.sizes}
	x.sets, x.shared, x.classes = gathered.index()
	x.bitmaps = make([]shingleBitmap, len(x.sets))
	for c, set := range x.sets {
		x.bitmaps[c] = newShingleBitmap(set)
	}
	x.groups = groupShingles(x)
	return x
}

// nearPairsFrom returns every pair of classes whose similarity reaches
// floor, computing them the first time (or when a lower floor is asked
// for) and reusing them for any higher threshold.
func (x *shingleIndex) nearPairsFrom(floor float64) *nearPairs {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.pairs == nil || x.pairs.floor > floor {
		x.pairs = findNearPairs(x, floor)
	}
	return x.pairs
}
