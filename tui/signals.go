package tui

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"

	tea "github.com/charmbracelet/bubbletea"
)

// SignalError ends a workbench that a signal closed. The terminal has been
// restored (alternate screen left, mouse tracking off, cursor shown); the
// caller exits with ExitCode, the shell's 128 + the signal's number.
type SignalError struct{ Signal syscall.Signal }

func (e *SignalError) Error() string { return fmt.Sprintf("closed by signal %s", e.Signal) }

// ExitCode is 128 + the signal's number: 129 for SIGHUP, 130 for SIGINT,
// 143 for SIGTERM.
func (e *SignalError) ExitCode() int { return 128 + int(e.Signal) }

// closingSignals are the signals that close the workbench. Bubble Tea
// handles only SIGINT and SIGTERM, and turns SIGTERM into a normal quit
// (exit 0); SIGHUP, when the terminal window is closed or an ssh session
// drops, killed the process with the screen still in the alternate
// buffer, mouse tracking on and the cursor hidden.
var closingSignals = []os.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGTERM}

// runWithSignals runs p with its own signal handling (the program must be
// made WithoutSignalHandler): the first closing signal kills the program,
// which restores the terminal on its way out, and Run returns a
// *SignalError; SIGTSTP suspends it as Ctrl-Z does.
func runWithSignals(p *tea.Program) error {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, closingSignals...)
	defer signal.Stop(signals)
	stops, release := catchStopSignal()
	defer release()
	caught := make(chan syscall.Signal, 1)
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case s := <-signals:
				caught <- s.(syscall.Signal)
				p.Kill()
				return
			case <-stops:
				p.Send(suspend())
			case <-done:
				return
			}
		}
	}()
	_, err := p.Run()
	select {
	case s := <-caught:
		return &SignalError{Signal: s}
	default:
		return err
	}
}
