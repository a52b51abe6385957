package pipeline

import (
	"runtime"
	"sync"
)

// parallelMinDocs is the set size below which splitting the work costs
// more than it saves.
const parallelMinDocs = 512

// forEachDocument calls work(i) for every i in [0, n), spread over the
// machine's cores in contiguous blocks. work must only write what
// belongs to document i.
func forEachDocument(n int, work func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n/parallelMinDocs)
	if workers < 2 {
		for i := range n {
			work(i)
		}
		return
	}
	var wg sync.WaitGroup
	block := (n + workers - 1) / workers
	for start := 0; start < n; start += block {
		end := min(n, start+block)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := start; i < end; i++ {
				work(i)
			}
		}()
	}
	wg.Wait()
}
