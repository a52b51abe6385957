//go:build race

package tokens

// underRace: the race detector makes these tests about ten times slower;
// the heaviest equality tests then check fewer and shorter cases (all of
// them run without it: in `go test ./...`, `make heavy` (which CI runs)
// and `make bench`'s builds).
const underRace = true
