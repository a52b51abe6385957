//go:build unix

package term

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// SIGQUIT (Ctrl-\ in a cooked terminal, `kill -QUIT` from outside) asks
// a Go program for its goroutine dump, printed as the process exits. The
// workbench's terminal is raw, in the alternate screen, with mouse
// tracking on: the dump was drawn on the alternate screen in a staircase
// (no carriage return at a line's end), and the shell got the terminal
// back as the workbench had it. The workbench therefore catches SIGQUIT,
// restores the terminal, and raises it again with Go's own handling
// back in place, so the dump shows where the workbench was when it came
// (a hung update, say) and the process exits as Go exits on SIGQUIT.

// catchQuitSignal starts catching SIGQUIT for the workbench that runs;
// the returned function ends it.
func catchQuitSignal() (<-chan os.Signal, func()) {
	quits := make(chan os.Signal, 1)
	signal.Notify(quits, syscall.SIGQUIT)
	return quits, func() { signal.Stop(quits) }
}

// quitWithDump restores the terminal and raises SIGQUIT again under Go's
// handling, which prints every goroutine's stack and exits 2. Should the
// signal not end the process (it was ignored when ctxlab started, and
// Go's handler is not installed for it), the process exits 128 + 3 as a
// closing signal's does.
func quitWithDump(saved savedTerminal) {
	saved.restore()
	signal.Reset(syscall.SIGQUIT)
	_ = syscall.Kill(os.Getpid(), syscall.SIGQUIT)
	time.Sleep(closeGrace)
	os.Exit(128 + int(syscall.SIGQUIT))
}
