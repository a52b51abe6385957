//go:build !race

package tokens

// underRace: see race_on_test.go.
const underRace = false
