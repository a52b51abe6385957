//go:build race

package cli_test

// raceStep: under the race detector, which makes the in-process runs of
// whole commands several times slower, the tests that apply every fix
// of many recorded requests apply every raceStep-th; without it, in go
// test ./... and make heavy (which CI runs), every one.
const raceStep = 3
