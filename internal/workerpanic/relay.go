// Package workerpanic carries a panic from a worker goroutine to the
// goroutine that waits for the workers.
//
// A panic that nothing recovers ends the process from the goroutine it
// happened in. In a worker goroutine that is one no guard can reach: the
// workbench's crash guard recovers panics in Update, View and the
// commands Bubble Tea runs, but a command's own workers are goroutines of
// their own, and a panic there would end ctxlab with the terminal raw
// and in the alternate screen. Each worker pool therefore defers
// Relay.Catch in its workers and calls Relay.Raise once they are done:
// the first worker panic is raised again in the waiting goroutine, as a
// *Panic holding the worker's value and stack, where the caller's guard
// (or Go's own crash output, for a headless command) sees it along with
// where it happened.
//
// The package imports nothing beyond the standard library's pure parts,
// so the engine may use it.
package workerpanic

import (
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
)

// Panic is a worker goroutine's panic, raised again in the goroutine that
// waited for the worker.
type Panic struct {
	// Value is what the worker panicked with.
	Value any
	// Stack is the worker's stack from the function that panicked down to
	// the line that started the worker.
	Stack string
}

// Error is what Go's crash output prints after "panic: " when nothing
// recovers the raised panic: the worker's value, then its stack, since
// the stack Go prints below it is the waiting goroutine's.
func (p *Panic) Error() string {
	return fmt.Sprintf("%v\n\nThis panic happened in a worker goroutine and was raised again in the goroutine that waited for it. The worker's stack:\n%s",
		p.Value, strings.TrimRight(p.Stack, "\n"))
}

// Unwrap is the worker's value when it is an error (a runtime error, for
// one), so errors.As finds it.
func (p *Panic) Unwrap() error {
	err, _ := p.Value.(error)
	return err
}

// Relay keeps the first panic of a group of workers until the goroutine
// waiting for them raises it. The zero value is ready; a Relay serves one
// group and is not copied once used.
type Relay struct {
	mu     sync.Mutex
	first  *Panic
	failed chan struct{} // closed at the first panic; made when first asked for
}

// Catch recovers a worker's panic and keeps it if it is the group's
// first. A worker defers it directly, as its first or second deferred
// call: defer relay.Catch(). (recover works only when the deferred
// function calls it itself.) The worker then ends normally, so deferred
// calls before it, a WaitGroup's Done, still run.
func (r *Relay) Catch() {
	v := recover()
	if v == nil {
		return
	}
	p, nested := v.(*Panic)
	if !nested {
		p = &Panic{Value: v, Stack: FromPanic(string(debug.Stack()))}
	}
	// A worker's own workers already raised a *Panic: it is kept as it is,
	// since its stack is the one that says where it happened.
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.first == nil {
		r.first = p
		if r.failed == nil {
			r.failed = make(chan struct{})
		}
		close(r.failed)
	}
}

// Raise panics with the group's first worker panic, if there was one.
// The waiting goroutine calls it once every worker has finished.
func (r *Relay) Raise() {
	r.mu.Lock()
	p := r.first
	r.mu.Unlock()
	if p != nil {
		panic(p)
	}
}

// Failed is closed once a worker has panicked: a waiter that waits for a
// worker's result on a channel selects on it too, since the worker that
// panicked will never send.
func (r *Relay) Failed() <-chan struct{} {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failed == nil {
		r.failed = make(chan struct{})
	}
	return r.failed
}

// FromPanic drops the frames of the recovery itself from a stack that
// debug.Stack took in a deferred function (debug.Stack, the recovering
// functions, runtime's panic), so it starts at the function that
// panicked. A stack of another shape is returned whole.
func FromPanic(stack string) string {
	header, frames, ok := strings.Cut(stack, "\n")
	if !ok {
		return stack
	}
	i := strings.Index(frames, "\npanic(")
	if i < 0 {
		return stack
	}
	// The panic( frame is two lines: the call and its file.
	rest := frames[i+1:]
	for range 2 {
		if _, after, found := strings.Cut(rest, "\n"); found {
			rest = after
		}
	}
	return header + "\n" + rest
}
