// Package workerpanic carries a panic from a worker goroutine to the
// goroutine that waits for the workers.
//
// A panic that nothing recovers ends the process from the goroutine it
// happened in. In a worker goroutine that is one no guard can reach: the
// workbench's crash guard recovers panics in Update, View and the
// commands Bubble Tea runs, but a command's own workers are goroutines of
// their own, and a panic there would end ctxlab with the terminal raw and
// in the alternate screen. Each worker pool therefore defers Relay.Catch
// in its workers and calls Relay.Raise once they are done: the first
// worker panic is raised again in the waiting goroutine, as a *Panic
// holding the worker's value and stack, where the caller's guard (or Go's
// own crash output, for a headless command) sees it along with where it
// happened.
//
// The package imports nothing beyond the standard library's pure parts,
// so the engine may use it.
package workerpanic
