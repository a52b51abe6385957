package loaders_test

import (
	"bytes"
	"runtime"
	"testing"

	"ctxlab/loaders"
	"ctxlab/loaders/internal/loadertest"
)

// A pipe over the size limit is refused having allocated about the
// limit: it is read in chunks that are never copied while reading, not
// into a buffer grown by doubling, which had allocated four times the
// limit by the time it was refused.
func TestRefusedPipeAllocatesAboutTheLimit(t *testing.T) {
	const limit = 8 << 20
	defer loaders.SetMaxInputSize(limit)()
	pipe, done := loadertest.PipeWith(t, bytes.Repeat([]byte("a"), limit+limit/2))
	defer done()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := loaders.ReadInput("stdin", pipe)
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Fatal("a pipe over the limit was read")
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > limit*5/4 {
		t.Errorf("refusing a pipe at a limit of %d bytes allocated %d bytes; want at most a quarter more than the limit", limit, allocated)
	}
}
