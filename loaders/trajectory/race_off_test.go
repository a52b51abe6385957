//go:build !race

package trajectory

// raceStep: see race_on_test.go.
const raceStep = 1
