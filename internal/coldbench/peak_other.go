//go:build !unix

package main

import "os"

// peakResident is not reported by the process's usage here; 0 reads as
// unknown.
func peakResident(*os.ProcessState) int64 { return 0 }
