package pipeline

import (
	"runtime"
	"sync"
	"sync/atomic"

	"ctxlab/internal/workerpanic"
)

// parallelMinDocs is the set size below which splitting the work costs
// more than it saves, and the smallest block a worker claims.
const parallelMinDocs = 512

// forEachBlock calls work(start, end) for contiguous blocks that cover
// [0, n) once, spread over the machine's cores. Each worker claims the
// next block with one atomic add, so a run of long documents does not
// leave a core idle, while the hand-offs stay a few dozen per set rather
// than one per document; work may keep state for its block (a scratch
// buffer). work must only write what belongs to documents start to end-1.
// A panic in work is raised again here, once every worker has stopped.
func forEachBlock(n int, work func(start, end int)) {
	workers := min(runtime.GOMAXPROCS(0), n/parallelMinDocs)
	if workers < 2 {
		if n > 0 {
			work(0, n)
		}
		return
	}
	// About sixteen blocks a worker: enough to even out, few enough that
	// claiming one costs nothing beside its work.
	block := max(parallelMinDocs, n/(16*workers))
	var next atomic.Int64
	var wg sync.WaitGroup
	var panics workerpanic.Relay
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer panics.Catch()
			for {
				end := int(next.Add(int64(block)))
				start := end - block
				if start >= n {
					return
				}
				work(start, min(end, n))
			}
		}()
	}
	wg.Wait()
	panics.Raise()
}
