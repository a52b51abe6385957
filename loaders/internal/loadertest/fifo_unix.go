//go:build unix

package loadertest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// FIFOWritingOnce is a FIFO (as `<(...)` gives) whose writer writes data
// once; after that, a reader that opens it again meets a writer that
// writes nothing (and so reads an empty input) rather than waiting for
// ever. done stops the writer. The test is skipped where there are no
// FIFOs.
func FIFOWritingOnce(t *testing.T, data []byte) (fifo string, done func()) {
	t.Helper()
	fifo = filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	stop := make(chan struct{})
	go func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			_, _ = f.Write(data)
			_ = f.Close()
		}
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
			if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				_ = f.Close()
			}
		}
	}()
	return fifo, func() { close(stop) }
}
