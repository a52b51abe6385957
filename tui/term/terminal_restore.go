package term

import (
	"os"

	xterm "github.com/charmbracelet/x/term"
)

// savedTerminal is the terminal as it was before the workbench made it
// raw, for restoring it when the program cannot (runWithSignals).
type savedTerminal struct {
	fd    uintptr
	state *xterm.State // nil when stdout is not a terminal
}

// saveTerminal records the mode of the terminal on stdout: the
// workbench's input is the same terminal (stdin, or /dev/tty when stdin
// is a pipe), and a terminal's mode is one for all its descriptors.
func saveTerminal() savedTerminal {
	fd := os.Stdout.Fd()
	if !xterm.IsTerminal(fd) {
		return savedTerminal{}
	}
	state, err := xterm.GetState(fd)
	if err != nil {
		return savedTerminal{}
	}
	return savedTerminal{fd: fd, state: state}
}

// leaveScreen undoes what the workbench turned on: every mouse tracking
// mode, the hidden cursor and the alternate screen, as Bubble Tea's own
// shutdown does.
const leaveScreen = "\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1000l\x1b[?25h\x1b[?1049l"

// restore gives the terminal back its screen and its mode. A terminal
// already gone (SIGHUP) fails both writes, which is fine.
func (s savedTerminal) restore() {
	_, _ = os.Stdout.WriteString(leaveScreen)
	if s.state != nil {
		_ = xterm.Restore(s.fd, s.state)
	}
}
