// Package alloctest measures the bytes a piece of code allocates, for
// tests that bound them. runtime.MemStats.TotalAlloc counts the whole
// process: whatever other goroutines allocate between two readings (tests
// running in parallel, the runtime itself) is counted too, so one
// reading can only overstate what the code allocated. The least of
// several readings is the code's own.
package alloctest

import (
	"math"
	"runtime"
)

// runs is how many times Least measures at most.
const runs = 5

// Least is the fewest bytes f allocates over up to five runs of it. It
// stops at the first run that allocates no more than bound, since a
// test asking whether f stays within bound needs no lower reading; a
// bound of 0 runs f five times unless a run allocates nothing. f may
// run several times, so it must do the same work each time.
func Least(bound uint64, f func()) uint64 {
	least := uint64(math.MaxUint64)
	for range runs {
		least = min(least, once(f))
		if least <= bound {
			break
		}
	}
	return least
}

// once is the growth of TotalAlloc over one run of f.
func once(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
