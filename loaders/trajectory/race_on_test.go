//go:build race

package trajectory

// raceStep: under the race detector, which makes these single-goroutine
// comparisons several times slower and finds nothing in them, the test
// that measures each request a replay sent against its body checks every
// raceStep-th request; without it, in go test ./... and make heavy
// (which CI runs), every one.
const raceStep = 3
