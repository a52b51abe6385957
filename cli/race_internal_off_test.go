//go:build !race

package cli

// raceStep: see race_internal_on_test.go.
const raceStep = 1
