// Package panictest checks, in tests, that a worker pool raises its
// workers' panics again in the goroutine that waits for them.
package panictest
