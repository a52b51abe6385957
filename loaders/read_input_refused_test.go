package loaders_test

import (
	"bytes"
	"os"
	"testing"

	"ctxlab/internal/alloctest"
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
	// A pipe for each measurement, each written as it is read.
	data := bytes.Repeat([]byte("a"), limit+limit/2)
	var pipes []*os.File
	for range 5 {
		pipe, done := loadertest.PipeWith(t, data)
		defer done()
		pipes = append(pipes, pipe)
	}
	var err error
	allocated := alloctest.Least(limit*5/4, func() {
		_, err = loaders.ReadInput("stdin", pipes[0])
		pipes = pipes[1:]
	})
	if err == nil {
		t.Fatal("a pipe over the limit was read")
	}
	if allocated > limit*5/4 {
		t.Errorf("refusing a pipe at a limit of %d bytes allocated %d bytes; want at most a quarter more than the limit", limit, allocated)
	}
}
