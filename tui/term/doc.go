// Package term gives the workbench's terminal back on every way out. Run
// runs a Bubble Tea program without Bubble Tea's signal handler:
// signals.go ends it on SIGHUP, SIGINT and SIGTERM with Program.Kill
// (exit 128 + n, as a *SignalError); on SIGQUIT it restores the terminal
// itself and raises the signal again under Go's own handler, so the
// goroutine dump lands on the main screen in cooked mode. crash.go wraps
// the model (crashGuard) so that a panic in Update, View or any command,
// each command of a batch included, is recovered, ends the program the
// same way and comes back from Run as a *CrashError that cli prints on
// the main screen (exit 2). A command's own worker goroutines are covered
// by their pools, which raise a worker's panic again where they wait for
// it (internal/workerpanic); the guard reports it with the worker's stack
// first. Ctrl-Z and an outside SIGTSTP suspend through stop_signal_unix.go
// (Suspend: the terminal released as for tea.Exec, then SIGSTOP, since a
// caught SIGTSTP does not stop the process), and Resumed turns mouse
// tracking back on after fg.
//
// It knows nothing of the workbench's model: it takes any tea.Model.
package term
