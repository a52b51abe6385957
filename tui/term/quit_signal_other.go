//go:build !unix

package term

import "os"

// Without Unix signals there is no SIGQUIT to catch.
func catchQuitSignal() (<-chan os.Signal, func()) { return nil, func() {} }

func quitWithDump(savedTerminal) {}
