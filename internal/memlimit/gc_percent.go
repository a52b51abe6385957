package memlimit

import "runtime/debug"

// HeadlessGCPercent is the collector's target for a command that reads
// its input, works and ends: a collection once the heap has grown by a
// quarter since the last one, where Go's default (GOGC=100) waits for
// it to double.
//
// The soft limit (For and the others) only caps the heap near a run's
// peak; below it the default let every input's heap reach twice its
// live size. Measured on the sets of `go run ./internal/hugegen` with
// `build --format json` (2026-12-01): the 42 MB set of one- and
// two-letter words peaked at 152 MB with the default, 143 MB at 25; the
// 51 MB set of 2 KB documents at 167 and 154 MB; kb-100k.jsonl at 347
// and 335 MB; a million one-word documents at 132 MB either way; in 0
// to 8% more processor time, since what a build holds live is mostly
// text and hashes, which the collector does not scan.
const HeadlessGCPercent = 25

// GCEnvVar is Go's own setting for the collector's target. A user who
// sets it chooses the target; ctxlab then keeps it.
const GCEnvVar = "GOGC"

// CollectSooner sets HeadlessGCPercent unless getenv says the user set
// GOGC, and reports whether it did.
func CollectSooner(getenv func(string) string) bool {
	if getenv(GCEnvVar) != "" {
		return false
	}
	debug.SetGCPercent(HeadlessGCPercent)
	return true
}
