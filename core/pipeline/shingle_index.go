package pipeline

import (
	"runtime"
	"slices"
	"sync"

	"ctxlab/internal/workerpanic"
)

// shingleIndex is, for one shingle size, every hash class's shingle set
// and, for each shingle, the classes that contain it (compressed: the
// classes of shingle s are classes[offsets[s]:offsets[s+1]], ascending).
// Documents of one hash class have the same words, so the sets are built
// and compared once per class, never per copy.
type shingleIndex struct {
	// sets[c] is class c's shingles as ranks, ascending: shingles are
	// numbered rarest first (rankWindowHashes), so prefix filters probe
	// each set's rarest shingles, and a shingle every document shares is
	// never probed unless a set has nothing rarer.
	sets    []shingleSet
	offsets []int32
	classes []int32
	groups  shingleGroups   // shingles held by the same classes, merged
	bitmaps []shingleBitmap // per class

	mu    sync.Mutex
	pairs *nearPairs // the pairs at the lowest floor asked for so far
}

// containing returns the classes that hold the shingle of rank r.
func (x *shingleIndex) containing(r uint32) []int32 {
	return x.classes[x.offsets[r]:x.offsets[r+1]]
}

func newShingleIndex(a *Analysis, k int) *shingleIndex {
	hashes, ends := classWindowHashes(a, k)
	ranks, distinct, counts := rankWindowHashes(hashes)
	hashes = nil // dead from here, so the collector may take it
	x := &shingleIndex{sets: make([]shingleSet, len(a.classRep))}
	for c := range x.sets {
		start := 0
		if c > 0 {
			start = ends[c-1]
		}
		x.sets[c] = ranks[start:ends[c]:ends[c]]
		slices.Sort(x.sets[c])
	}
	// The postings, compressed: a count per shingle is its number of
	// classes, so one pass fills them without a slice per shingle.
	x.offsets = make([]int32, distinct+1)
	for r, n := range counts {
		x.offsets[r+1] = x.offsets[r] + int32(n)
	}
	x.classes = make([]int32, x.offsets[distinct])
	next := slices.Clone(x.offsets[:distinct])
	for c, set := range x.sets {
		for _, r := range set {
			x.classes[next[r]] = int32(c)
			next[r]++
		}
	}
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
// The runs write into one array, each into a region sized from its
// text (a window per five bytes, more than prose has), and are then
// moved together: no array grows by doubling, and the hashes are never
// copied into a second one. A run with more windows than its region
// continues in an array of its own, copied in at the end.
func classWindowHashes(a *Analysis, k int) (hashes []uint64, ends []int) {
	n := len(a.classRep)
	workers := max(1, min(runtime.GOMAXPROCS(0), n/1024))
	first := func(w int) int { return w * n / workers }
	regionStart := make([]int, workers+1)
	for w := range workers {
		estimate := 0
		for c := first(w); c < first(w+1); c++ {
			estimate += len(a.Docs[a.classRep[c]].Content)/5 + 1
		}
		regionStart[w+1] = regionStart[w] + estimate
	}
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
