package pipeline

import (
	"sync/atomic"
	"testing"
)

// Every document is worked on exactly once, whatever the set's size
// against the block size and the cores.
func TestForEachBlockVisitsEachOnce(t *testing.T) {
	for _, n := range []int{0, 1, parallelMinDocs - 1, parallelMinDocs * 2, parallelMinDocs*3 + 7, 10_001, 100_003} {
		visits := make([]atomic.Int32, n)
		forEachBlock(n, func(start, end int) {
			if start >= end {
				t.Errorf("n=%d: empty block %d-%d", n, start, end)
			}
			for i := start; i < end; i++ {
				visits[i].Add(1)
			}
		})
		for i := range visits {
			if v := visits[i].Load(); v != 1 {
				t.Fatalf("n=%d: document %d worked on %d times", n, i, v)
			}
		}
	}
}
