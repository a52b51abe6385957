package term

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

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

// closeGrace is how long a closing signal lets the program restore the
// terminal on its way out before ctxlab does it itself and exits: the
// program leaves only between two updates, and an update that does not
// return (a view that took hours to wrap a 50 MB word did) kept the
// process running, at full processor, after its terminal had closed.
var closeGrace = 3 * time.Second

// runWithSignals runs p with its own signal handling (the program must be
// made WithoutSignalHandler): the first closing signal kills the program,
// which restores the terminal on its way out, and Run returns a
// *SignalError; SIGTSTP suspends it as Ctrl-Z does; SIGQUIT restores the
// terminal and lets Go print its goroutine dump. Should the program
// not be out within closeGrace, the terminal is restored here and the
// process exits 128 + the signal's number.
func runWithSignals(p *tea.Program) error {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, closingSignals...)
	defer signal.Stop(signals)
	stops, release := catchStopSignal()
	defer release()
	quits, releaseQuit := catchQuitSignal()
	defer releaseQuit()
	saved := saveTerminal()
	caught := make(chan syscall.Signal, 1)
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case s := <-signals:
				sig := s.(syscall.Signal)
				caught <- sig
				p.Kill()
				select {
				case <-done:
				case <-time.After(closeGrace):
					saved.restore()
					os.Exit(128 + int(sig))
				}
				return
			case <-stops:
				p.Send(Suspend())
			case <-quits:
				// Not the program's Kill: the dump is to show where the
				// workbench was, and a kill would unwind it first.
				quitWithDump(saved)
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

// Run runs model as a program made with opts, given back the terminal on
// every way out: a panic in Update, View or any command ends it as a
// *CrashError (crashGuard), a closing signal as a *SignalError
// (runWithSignals). opts must include tea.WithoutSignalHandler.
func Run(model tea.Model, opts ...tea.ProgramOption) error {
	record := &crashRecord{}
	p := tea.NewProgram(crashGuard{inner: model, record: record}, opts...)
	record.kill = p.Kill
	err := runWithSignals(p)
	if crash := record.result(); crash != nil {
		return crash
	}
	return err
}
