package pipeline

import (
	"cmp"
	"runtime"
	"slices"
	"sync"
)

// shingleIndex is, for one shingle size, every hash class's shingle set
// and, for each shingle, the classes that contain it (compressed: the
// classes of shingle s are classes[offsets[s]:offsets[s+1]], ascending).
// Documents of one hash class have the same words, so the sets are built
// and compared once per class, never per copy.
type shingleIndex struct {
	sets    []shingleSet
	offsets []int32
	classes []int32
	// rank orders the shingles rarest first (fewest classes, then id);
	// ranked[c] is class c's shingles as ranks, ascending, and idOfRank
	// turns a rank back into a shingle id. Prefix filters probe only each
	// set's rarest shingles, so a shingle every document shares is never
	// probed unless a set has nothing rarer.
	rank     []uint32
	idOfRank []uint32
	ranked   [][]uint32
	bitmaps  []shingleBitmap // per class

	mu    sync.Mutex
	pairs *nearPairs // the pairs at the lowest floor asked for so far
}

func (x *shingleIndex) containing(id uint32) []int32 {
	return x.classes[x.offsets[id]:x.offsets[id+1]]
}

func newShingleIndex(a *Analysis, k int) *shingleIndex {
	// Hash every class's windows first, then number the distinct hashes:
	// their total bounds the number of distinct shingles, so the map is
	// sized once and never grows.
	hashes, ends := classWindowHashes(a, k)
	ids := make(map[uint64]uint32, len(hashes))
	flatIDs := make([]uint32, len(hashes))
	for i, h := range hashes {
		id, ok := ids[h]
		if !ok {
			id = uint32(len(ids))
			ids[h] = id
		}
		flatIDs[i] = id
	}
	// Past here ids and hashes are dead, so the collector may take them
	// before the postings grow.
	distinct := len(ids)
	x := &shingleIndex{sets: make([]shingleSet, len(a.classRep))}
	for c := range x.sets {
		start := 0
		if c > 0 {
			start = ends[c-1]
		}
		x.sets[c] = flatIDs[start:ends[c]:ends[c]]
		slices.Sort(x.sets[c])
	}
	// Count, then fill: two passes build the compressed postings without
	// a slice per shingle.
	x.offsets = make([]int32, distinct+1)
	for _, set := range x.sets {
		for _, id := range set {
			x.offsets[id+1]++
		}
	}
	for id := 1; id < len(x.offsets); id++ {
		x.offsets[id] += x.offsets[id-1]
	}
	x.classes = make([]int32, x.offsets[len(x.offsets)-1])
	next := append([]int32(nil), x.offsets[:len(x.offsets)-1]...)
	for c, set := range x.sets {
		for _, id := range set {
			x.classes[next[id]] = int32(c)
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
	x.bitmaps = make([]shingleBitmap, len(x.sets))
	for c, set := range x.sets {
		x.bitmaps[c] = newShingleBitmap(set)
	}
	x.ranked = make([][]uint32, len(x.sets))
	flat := make([]uint32, len(x.classes))
	for c, set := range x.sets {
		ranks := flat[:len(set):len(set)]
		flat = flat[len(set):]
		for j, id := range set {
			ranks[j] = x.rank[id]
		}
		slices.Sort(ranks)
		x.ranked[c] = ranks
	}
	return x
}

// classWindowHashes hashes every class's windows, the classes split
// between the cores in contiguous runs, and returns the hashes in class
// order with where each class's end.
func classWindowHashes(a *Analysis, k int) (hashes []uint64, ends []int) {
	n := len(a.classRep)
	workers := max(1, min(runtime.GOMAXPROCS(0), n/1024))
	parts := make([][]uint64, workers)
	ends = make([]int, n)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var words, out []uint64
			for c := w * n / workers; c < (w+1)*n/workers; c++ {
				words, out = appendWindowHashes(a.Docs[a.classRep[c]].Content, k, words, out)
				ends[c] = len(out) // within this part; shifted below
			}
			parts[w] = out
		}()
	}
	wg.Wait()
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	hashes = make([]uint64, 0, total)
	for w, p := range parts {
		for c := w * n / workers; c < (w+1)*n/workers; c++ {
			ends[c] += len(hashes)
		}
		hashes = append(hashes, p...)
	}
	return hashes, ends
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
