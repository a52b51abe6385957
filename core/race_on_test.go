//go:build race

package core_test

// raceCut is how many of n random cases a property test runs: a third
// under the race detector, which makes these single-goroutine checks
// several times slower and finds nothing in them; all of them without
// it, in go test ./... and make heavy (which CI runs).
func raceCut(n int) int { return n / 3 }
