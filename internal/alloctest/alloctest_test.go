package alloctest

import (
	"sync"
	"testing"
)

var sink []byte

// Least measures what f allocates, a buffer of 1 MiB at least.
func TestLeastCountsWhatFAllocates(t *testing.T) {
	const size = 1 << 20
	if got := Least(0, func() { sink = make([]byte, size) }); got < size {
		t.Errorf("a %d-byte buffer measured as %d bytes", size, got)
	}
	if got := Least(0, func() {}); got > 1024 {
		t.Errorf("nothing allocated measured as %d bytes", got)
	}
}

// Another goroutine allocating on the first run only is left out, and
// the runs stop at the first one within the bound.
func TestLeastLeavesOutAnotherGoroutinesBytes(t *testing.T) {
	calls := 0
	got := Least(64<<10, func() {
		calls++
		if calls == 1 {
			var wg sync.WaitGroup
			wg.Go(func() { sink = make([]byte, 4<<20) })
			wg.Wait()
		}
	})
	if got > 64<<10 {
		t.Errorf("%d bytes: the other goroutine's 4 MiB were counted", got)
	}
	if calls != 2 {
		t.Errorf("f ran %d times; want 2, the first run within the bound ending them", calls)
	}
	calls = 0
	if Least(0, func() { calls++; sink = make([]byte, 1<<10) }); calls != 5 {
		t.Errorf("f ran %d times over the bound; want 5", calls)
	}
}
