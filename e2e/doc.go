// Package e2e tests the built ctxlab binary: it starts, main.go passes
// cli.Main's exit code to the shell, and the workbench works in a real
// terminal (tmux), through signals, suspension and crashes. What each
// command does is tested in-process in package cli.
//
// The tests build the binary, so they sit behind the e2e build tag and
// go test ./... leaves them out; make e2e runs them
// (go test -tags e2e ./e2e).
package e2e
