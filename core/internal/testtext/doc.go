// Package testtext generates the texts and conversations the tests and
// benchmarks of several core packages share. Only tests import it.
package testtext
