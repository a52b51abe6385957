//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
)

// peakResident is the finished process's peak resident memory in bytes.
func peakResident(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return int64(ru.Maxrss) // macOS reports bytes
	}
	return int64(ru.Maxrss) << 10 // Linux and the BSDs report kilobytes
}
