//go:build race

package cli

// raceStep: under the race detector, which makes these single-goroutine
// comparisons several times slower and finds nothing in them, the table
// tests that compare writers on random tables check a raceStep-th of
// them; without it, in go test ./... and make heavy (which CI runs),
// all of them.
const raceStep = 3
