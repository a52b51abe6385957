//go:build !race

package cli_test

// raceStep: see race_on_test.go.
const raceStep = 1
