//go:build race

package export

// raceCut is how many of n random cases a test runs: a third under the
// race detector, which makes them several times slower; all of them
// without it, in go test ./... and make heavy (which CI runs).
func raceCut(n int) int { return n / 3 }
