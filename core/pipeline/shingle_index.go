package pipeline

import (
	"runtime"
	"slices"
	"sync"

	"ctxlab/internal/workerpanic"
)

// shingleIndex is, for one shingle size, every hash class's shingle set
// and, for each shingle, the classes that contain it (see containing).
// Documents of one hash class have the same words, so the sets are built
// and compared once per class, never per copy.
type shingleIndex struct {
	// sets[c] is class c's shingles as ranks, ascending: shingles are
	// numbered rarest first (rankWindowHashes), so prefix filters probe
	// each set's rarest shingles, and a shingle every document shares is
	// never probed unless a set has nothing rarer.
	sets []shingleSet
	// The postings, compressed: classes lists every class of every
	// shingle by rank. The unique shingles, ranks below unique, are held
	// by one class each, and in random text nearly all are, so rank r's
	// class is classes[r] with no start of its own; a shared shingle's
	// classes, ascending, are classes[shared[r-unique]:shared[r-unique+1]].
	unique  uint32
	shared  []int32
	classes []int32
	groups  shingleGroups   // shingles held by the same classes, merged
	bitmaps []shingleBitmap // per class

	mu    sync.Mutex
	pairs *nearPairs // the pairs at the lowest floor asked for so far
}

// containing returns the classes that hold the shingle of rank r.
func (x *shingleIndex) containing(r uint32) []int32 {
	if r < x.unique {
		return x.classes[r : r+1]
	}
	i := r - x.unique
	return x.classes[x.shared[i]:x.shared[i+1]]
}

func newShingleIndex(a *Analysis, k int) *shingleIndex {
	hashes, ends := classWindowHashes(a, k)
	ranks := make([]uint32, len(hashes))
	distinct := numberDistinct(hashes, ranks)
	hashes = nil // dead from here, so the collector may take it
	unique, shared := rankByCount(ranks, distinct)
	x := &shingleIndex{sets: make([]shingleSet, len(a.classRep)), unique: unique, shared: shared}
	for c := range x.sets {
		start := 0
		if c > 0 {
			start = ends[c-1]
		}
		x.sets[c] = ranks[start:ends[c]:ends[c]]
		slices.Sort(x.sets[c])
	}
	// Filled through the starts, each moved on past what it filled; then
	// each start is its predecessor's end, shifted back into place.
	x.classes = make([]int32, len(ranks))
	for c, set := range x.sets {
		for _, r := range set {
			if r < unique {
				x.classes[r] = int32(c)
				continue
			}
			x.classes[shared[r-unique]] = int32(c)
			shared[r-unique]++
		}
	}
	for i := len(shared) - 1; i > 0; i-- {
		shared[i] = shared[i-1]
	}
	shared[0] = int32(unique)
	x.bitmaps = make([]shingleBitmap, len(x.sets))
	for c, set := range x.sets {
		x.bitmaps[c] = newShingleBitmap(set)
	}
	x.groups = groupShingles(x)
	return x
}

// classWindowHashes hashes every class's windows, the classes split
// between the cores in contiguous runs, and returns the hashes in class
// order with where each class's end.
//
// Each class's windows are counted first (a pass over the text without
// hashing), so the runs write into one array of the size the windows
// need, each into its own region: no array grows by doubling, none is
// sized from a guess, and the hashes are never copied into a second
// one. A class whose text repeats a window has fewer distinct hashes
// than windows, so the runs are then moved together.
func classWindowHashes(a *Analysis, k int) (hashes []uint64, ends []int) {
	n := len(a.classRep)
	workers := max(1, min(runtime.GOMAXPROCS(0), n/1024))
	first := func(w int) int { return w * n / workers }
	windows := make([]int, n)
	forEachBlock(n, func(start, end int) {
		for c := start; c < end; c++ {
			windows[c] = windowCount(a.Docs[a.classRep[c]].Content, k)
		}
	})
	regionStart := make([]int, workers+1)
	for w := range workers {
		regionStart[w+1] = regionStart[w]
		for c := first(w); c < first(w+1); c++ {
			regionStart[w+1] += windows[c]
		}
	}
	windows = nil
	all := make([]uint64, regionStart[workers])
	parts := make([][]uint64, workers)
	ends = make([]int, n)
	var wg sync.WaitGroup
	var panics workerpanic.Relay
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer panics.Catch()
			var words []uint64
			// Capped at the region's end: a window count too low would
			// make append move the run rather than overwrite the next.
			out := all[regionStart[w]:regionStart[w]:regionStart[w+1]]
			for c := first(w); c < first(w+1); c++ {
				words, out = appendWindowHashes(a.Docs[a.classRep[c]].Content, k, words, out)
				ends[c] = len(out) // within this part; shifted below
			}
			parts[w] = out
		}()
	}
	wg.Wait()
	panics.Raise()
	total, overflowed := 0, false
	for w, p := range parts {
		for c := first(w); c < first(w+1); c++ {
			ends[c] += total
		}
		total += len(p)
		overflowed = overflowed || len(p) > regionStart[w+1]-regionStart[w]
	}
	if overflowed {
		// A part moved down could overwrite the next one before it moves.
		all = make([]uint64, total)
	}
	at := 0
	for _, p := range parts {
		at += copy(all[at:], p) // moving down within all: copy allows overlap
	}
	return all[:total:total], ends
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
