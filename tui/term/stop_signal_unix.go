//go:build unix

package term

import (
	"io"
	"os"
	"os/signal"
	"syscall"

	tea "github.com/charmbracelet/bubbletea"
)

// An outside SIGTSTP (`kill -TSTP` from another shell, a supervisor
// pausing the job) would stop the process as SIGSTOP does, with the
// terminal left raw, in the alternate screen, mouse tracking on and the
// cursor hidden. To restore the terminal first, the workbench must catch
// SIGTSTP; but once Go's runtime has caught a signal its handler stays
// installed, and a SIGTSTP nobody listens for is then ignored rather than
// stopping the process. So Bubble Tea's own suspend (which sends SIGTSTP
// to the process group and waits for SIGCONT) would never stop either.
// Ctrl-Z and an outside SIGTSTP therefore suspend the same way: Bubble
// Tea gives the terminal back as it does for a program it runs (tea.Exec),
// the process group is stopped with SIGSTOP, which cannot be caught, and
// when the shell continues it the terminal is taken back and redrawn. A
// shell reports the job as "Stopped (signal)" rather than "Stopped".

// catchStopSignal starts catching SIGTSTP for the workbench that runs;
// the returned function ends it.
func catchStopSignal() (<-chan os.Signal, func()) {
	stops := make(chan os.Signal, 1)
	signal.Notify(stops, syscall.SIGTSTP)
	return stops, func() { signal.Stop(stops) }
}

// Suspend is Ctrl-Z's command, and what an outside SIGTSTP becomes.
func Suspend() tea.Msg {
	return tea.Exec(stopProcessGroup{}, func(error) tea.Msg { return tea.ResumeMsg{} })()
}

// stopProcessGroup is the "program" tea.Exec runs while the terminal is
// given back: it stops the process group, and returns when continued.
type stopProcessGroup struct{}

// Run waits for SIGCONT rather than returning from kill: a group stop
// reaches the process's threads asynchronously, and the thread that sent
// it could run on and take the terminal back before it stops.
func (stopProcessGroup) Run() error {
	continued := make(chan os.Signal, 1)
	signal.Notify(continued, syscall.SIGCONT)
	defer signal.Stop(continued)
	if err := syscall.Kill(0, syscall.SIGSTOP); err != nil {
		return err
	}
	<-continued
	return nil
}

func (stopProcessGroup) SetStdin(io.Reader)  {}
func (stopProcessGroup) SetStdout(io.Writer) {}
func (stopProcessGroup) SetStderr(io.Writer) {}
