//go:build !race

package core_test

// raceCut: see race_on_test.go.
func raceCut(n int) int { return n }
