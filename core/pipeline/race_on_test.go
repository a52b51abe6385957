//go:build race

package pipeline

// raceCut is how many of n random cases a test runs: a fifth under the
// race detector, which makes these single-goroutine comparisons several
// times slower and finds nothing in them; all of them without it, in go
// test ./... and make heavy (which CI runs).
func raceCut(n int) int { return n / 5 }
