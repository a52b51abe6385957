// Package racetest lets a test check fewer cases under the race detector.
//
// The race detector makes the heaviest single-goroutine comparisons
// (tokenizers against their references, writers against each other,
// random tables and property checks) several times slower and finds
// nothing in them, so under -race (make test) they check a sample; without
// it, in go test ./... and make heavy, which CI runs, they check every
// case. A test that runs goroutines keeps every case under -race, where
// the detector has something to find.
package racetest

// Cut is how many of n cases a test runs: n/by under the race detector,
// all n without it.
func Cut(n, by int) int {
	if Enabled {
		return n / by
	}
	return n
}

// Step is the stride a test walks its cases with: every by-th under the
// race detector, every one without it.
func Step(by int) int {
	if Enabled {
		return by
	}
	return 1
}
