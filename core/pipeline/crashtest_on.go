//go:build ctxlab_crashtest

package pipeline

import "sync/atomic"

// This file is in test builds only (go build -tags ctxlab_crashtest):
// the workbench's crash test arms a panic in a token-counting worker, so
// a tmux test can check that a panic in a goroutine the engine starts
// itself gives the terminal back and names the worker. The engine reads
// no environment: the workbench's test hook arms it.

// crashTestWorkerArmed makes the next block a counting worker claims
// panic, once.
var crashTestWorkerArmed atomic.Bool

// ArmWorkerCrashTest makes the next token count's worker panic.
func ArmWorkerCrashTest() { crashTestWorkerArmed.Store(true) }

// crashTestWorker panics once armed, in the worker that calls it.
func crashTestWorker() {
	// A load first: the workers call it for every block, and a write each
	// time would make them contend for the flag.
	if crashTestWorkerArmed.Load() && crashTestWorkerArmed.CompareAndSwap(true, false) {
		panic("ctxlab crash test: a panic in an engine worker")
	}
}
