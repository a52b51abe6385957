package pipeline

import (
	"runtime"
	"sync"

	"ctxlab/internal/workerpanic"
)

// windowPlan is what the hashing passes of one shingle index share: the
// classes split between the cores in contiguous runs, each run's window
// count, and the partitions of the hash space the passes take in turn.
//
// The 64-bit hash of every window is the index's largest cost while it
// is made, and text of short words has a window every 3 bytes. A hash's
// top bits choose its partition, and each pass keeps only its
// partition's hashes, so only a share of them is live at once; the
// price is hashing the text once per partition. Equal windows fall in
// one partition, and the partitions are ranges of the hash space taken
// from the lowest up, so numbering each pass's shared hashes after the
// last pass's numbers every one in hash order, as a single pass would.
type windowPlan struct {
	k, classes, workers int
	parts               int
	shift               uint // a hash's partition is h >> shift (0 when shift is 64)
	runWindows          []int
	// partWindows[w][p] is how many windows run w has in partition p,
	// counted by the first pass to size the later ones exactly.
	partWindows [][]int
}

// Partition choice. A pass costs about windowCostBytes a window it
// keeps: the hash (8 bytes), the buckets' starts and an eighth of the
// positions at a time (forEachDistinct). Passes are added while a pass
// would cost more than 19/10 of the text's size (and more than
// passFloorBytes, so that a small set is never hashed twice).
//
// Text of ordinary words, a window every 6 to 8 bytes (1.3 to 1.7 bytes
// of pass a byte; English prose is near 1.7), takes one pass: each more
// costs about a tenth of a build's processor time, for little (measured
// on random-200mb.jsonl, two passes peaked 8% lower in 19% more
// processor time). Text of one- and two-letter words, a window every
// 2.5 bytes (4 bytes a byte), takes four: at two, with twice the text
// allowed, a pass as large as 1.6 times the text was live beside it
// (131 MB live of a 42 MB set, short-words-42mb.jsonl, which then
// peaked at 3.99 times its size).
const (
	passTextShareNum, passTextShareDen = 19, 10
	windowCostBytes                    = 10
	passFloorBytes                     = 32 << 20
	maxWindowParts                     = 8
)

// newWindowPlan counts every class's windows (a pass over the text
// without hashing) and chooses the partitions.
func newWindowPlan(a *Analysis, k int) *windowPlan {
	n := len(a.classRep)
	pl := &windowPlan{k: k, classes: n, workers: max(1, min(runtime.GOMAXPROCS(0), n/1024))}
	windows := make([]int, n)
	textBytes := 0
	forEachBlock(n, func(start, end int) {
		for c := start; c < end; c++ {
			windows[c] = windowCount(a.Docs[a.classRep[c]].Content, k)
		}
	})
	pl.runWindows = make([]int, pl.workers)
	total := 0
	for w := range pl.workers {
		for c := pl.first(w); c < pl.first(w+1); c++ {
			pl.runWindows[w] += windows[c]
			textBytes += len(a.Docs[a.classRep[c]].Content)
		}
		total += pl.runWindows[w]
	}
	pl.setParts(windowParts(total, textBytes))
	return pl
}

// windowParts is how many partitions keep a pass over windows windows
// within its share of textBytes.
func windowParts(windows, textBytes int) int {
	allowed := max(textBytes*passTextShareNum/passTextShareDen, passFloorBytes)
	parts := 1
	for parts < maxWindowParts && windows/parts*windowCostBytes > allowed {
		parts *= 2
	}
	return parts
}

// setParts splits the hash space into parts partitions, a power of two.
func (pl *windowPlan) setParts(parts int) {
	pl.parts = parts
	pl.shift = 64
	for p := parts; p > 1; p >>= 1 {
		pl.shift--
	}
}

// first is the first class of run w.
func (pl *windowPlan) first(w int) int { return w * pl.classes / pl.workers }

// capacity is how many hashes run w may write in pass part: its windows
// when there is one partition or once the first pass counted them, else
// its share with a margin (hashes are uniform; a run that overflows it
// still works, moved to an array of its own).
func (pl *windowPlan) capacity(w, part int) int {
	switch {
	case pl.parts == 1:
		return pl.runWindows[w]
	case pl.partWindows != nil:
		return pl.partWindows[w][part]
	default:
		share := pl.runWindows[w] / pl.parts
		return share + share/16 + 64
	}
}

// classWindowHashes hashes every class's windows and keeps the distinct
// hashes in partition part, each class's ascending: it returns them in
// class order with where each class's end. The first pass also counts
// every partition's windows for the later ones.
//
// The runs write into one array sized for them, each into its own
// region: no array grows by doubling, and the hashes are never copied
// into a second one. A class whose text repeats a window has fewer
// distinct hashes than windows, so the runs are then moved together.
//
// reuse is the last pass's array, done with: a pass writes into it when
// it is large enough. Allocated afresh, each pass's array would be live
// beside the last one's until the collector frees it, and with text of
// short words the array is the largest thing a build holds (measured on
// short-words-42mb.jsonl: the heap reached 193 MB while the second
// pass's array was made, 113 MB of it live).
func (pl *windowPlan) classWindowHashes(a *Analysis, part int, reuse []uint64) (hashes []uint64, ends []int) {
	regionStart := make([]int, pl.workers+1)
	for w := range pl.workers {
		regionStart[w+1] = regionStart[w] + pl.capacity(w, part)
	}
	all := reuse[:cap(reuse)]
	if len(all) < regionStart[pl.workers] {
		all = make([]uint64, regionStart[pl.workers])
	}
	runs := make([][]uint64, pl.workers)
	counting := pl.parts > 1 && pl.partWindows == nil
	counts := make([][]int, pl.workers)
	ends = make([]int, pl.classes)
	var wg sync.WaitGroup
	var panics workerpanic.Relay
	for w := range pl.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer panics.Catch()
			var words []uint64
			keep := windowFilter{shift: pl.shift, part: uint64(part)}
			if counting {
				keep.counts = make([]int, pl.parts)
			}
			// Capped at the region's end: a region too small makes append
			// move the run rather than overwrite the next.
			out := all[regionStart[w]:regionStart[w]:regionStart[w+1]]
			for c := pl.first(w); c < pl.first(w+1); c++ {
				words, out = appendWindowHashes(a.Docs[a.classRep[c]].Content, pl.k, keep, words, out)
				ends[c] = len(out) // within this run; shifted below
			}
			runs[w], counts[w] = out, keep.counts
		}()
	}
	wg.Wait()
	panics.Raise()
	if counting {
		pl.partWindows = counts
	}
	total, overflowed := 0, false
	for w, run := range runs {
		for c := pl.first(w); c < pl.first(w+1); c++ {
			ends[c] += total
		}
		total += len(run)
		overflowed = overflowed || len(run) > regionStart[w+1]-regionStart[w]
	}
	if overflowed {
		// A run moved down could overwrite the next one before it moves.
		all = make([]uint64, total)
	}
	at := 0
	for _, run := range runs {
		at += copy(all[at:], run) // moving down within all: copy allows overlap
	}
	return all[:total], ends // the capacity beyond is the next pass's reuse
}
