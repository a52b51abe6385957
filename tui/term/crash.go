package term

import (
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/internal/safetext"
	"ctxlab/internal/workerpanic"
)

// A panic anywhere in the workbench must give the terminal back as the
// shell had it and say where it happened. Bubble Tea v1 recovers a panic
// in Update or View and in the commands it runs, but prints what it
// caught with fmt.Printf: a command's panic is printed while the
// alternate screen is still on, so it vanishes with it, and the caller
// learns only "program experienced a panic". The workbench therefore
// catches its own: crashGuard wraps the model so that Update, View and
// every command it returns (each command of a batch included) recover
// into one crashRecord, which kills the program the way a closing signal
// does, so Bubble Tea restores the terminal on its way out; Run then
// returns a *CrashError carrying the panic and its stack for the caller
// to print on the main screen. A panic in a goroutine a command starts
// itself (the engine's worker pools) reaches the guard too: each pool
// raises its workers' panics again in the goroutine waiting for them
// (internal/workerpanic), which is the command's.

// CrashError ends a workbench that panicked. The terminal has been
// restored; Report is what to print on stderr, and the process should
// exit non-zero (2, as Go does for a panic).
type CrashError struct {
	// Where names the part of the workbench that panicked: "Update",
	// "View" or "a background command", or "a worker goroutine of" one
	// of them.
	Where string
	// Value is the panic's value, as %v prints it.
	Value string
	// Stack is the panicking goroutine's stack, from the panic up; for a
	// worker's panic, the worker's, then that of the goroutine that
	// raised it again.
	Stack string
}

func (e *CrashError) Error() string {
	return fmt.Sprintf("ctxlab crashed (a panic in %s): %s", e.Where, e.Value)
}

// ExitCode is Go's own exit code for a panic.
func (e *CrashError) ExitCode() int { return 2 }

// Report is the crash as the user reads it: one line saying what
// happened and asking for a report, then the panic and its stack. The
// value can quote input (a document's text in an error), so it is made
// inert like any text from input.
func (e *CrashError) Report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "ctxlab crashed: a panic in %s. This is a bug in ctxlab; please report it with the lines below and, if you can, the input that caused it.\n", e.Where)
	fmt.Fprintf(&b, "panic: %s\n\n", safetext.Line(e.Value))
	b.WriteString(safetext.Sanitize(e.Stack))
	if !strings.HasSuffix(e.Stack, "\n") {
		b.WriteString("\n")
	}
	return b.String()
}

// crashRecord keeps the first panic and stops the program. kill is set
// once the program exists; a panic before then (in New) is not caught
// here and ends the process as any Go panic does, with the terminal not
// yet touched.
type crashRecord struct {
	once sync.Once
	kill func()
	// crash is atomic: a command still running after the program ended
	// may panic while Run's caller reads it.
	crash atomic.Pointer[CrashError]
}

// recovered handles a value recover returned; nothing happens for nil.
// It must be called directly by the deferred function, so the stack still
// holds the panicking frames.
func (c *crashRecord) recovered(r any, where string) {
	if r == nil {
		return
	}
	crash := &CrashError{Where: where, Value: fmt.Sprint(r), Stack: workerpanic.FromPanic(string(debug.Stack()))}
	if worker, ok := r.(*workerpanic.Panic); ok {
		// A worker goroutine of the command panicked and the command
		// raised it again: the worker's stack says where it happened,
		// the command's how the worker was reached.
		crash.Where = "a worker goroutine of " + where
		crash.Value = fmt.Sprint(worker.Value)
		crash.Stack = strings.TrimRight(worker.Stack, "\n") + "\n\nraised again in the goroutine that waited for the worker:\n" + crash.Stack
	}
	c.once.Do(func() {
		c.crash.Store(crash)
		if c.kill != nil {
			c.kill()
		}
	})
}

// result is the crash, once the program has returned.
func (c *crashRecord) result() *CrashError { return c.crash.Load() }

// crashGuard is the workbench model with every entry point guarded.
type crashGuard struct {
	inner  tea.Model
	record *crashRecord
}

func (g crashGuard) Init() tea.Cmd { return g.guardCmd(g.inner.Init()) }

func (g crashGuard) Update(msg tea.Msg) (next tea.Model, cmd tea.Cmd) {
	// On a panic the model stays as it was; the program is being killed.
	next = g
	defer func() { g.record.recovered(recover(), "Update") }()
	inner, innerCmd := g.inner.Update(msg)
	return crashGuard{inner: inner, record: g.record}, g.guardCmd(innerCmd)
}

func (g crashGuard) View() (screen string) {
	defer func() { g.record.recovered(recover(), "View") }()
	return g.inner.View()
}

// guardCmd wraps a command so that its panic is caught, and so are those
// of the commands a batch it returns holds (Bubble Tea runs each on its
// own goroutine).
func (g crashGuard) guardCmd(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer func() { g.record.recovered(recover(), "a background command") }()
		msg = cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			guarded := make(tea.BatchMsg, len(batch))
			for i, c := range batch {
				guarded[i] = g.guardCmd(c)
			}
			return guarded
		}
		return msg
	}
}
