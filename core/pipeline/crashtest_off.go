//go:build !ctxlab_crashtest

package pipeline

// The shipped binary's crash-test hook does nothing (crashtest_on.go has
// the test build's).

func crashTestWorker() {}
