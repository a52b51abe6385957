// Package memlimit sets Go's soft memory limit from the size of what a
// command read, so that the collector runs before the heap doubles.
//
// Without a limit Go collects when the heap has grown by its size since
// the last collection (GOGC=100): a run whose live heap peaks at 600 MB
// may reach 1.2 GB before the collector looks, although most of that is
// garbage. A limit a little above what the run keeps live makes the
// collector run as the heap nears it instead. It is soft: a run that
// needs more than the limit gets it, at the cost of more collections,
// so the limit is set with room above the live heap, never at it.
package memlimit

import (
	"math"
	"runtime/debug"
)

// What a run holds live, measured on the inputs in the README's Limits
// table (a heap profile taken after a collection at the peak): the text
// itself and up to twice as much again while the near-duplicate index
// is made, under a hundred bytes per document beyond its text, and the
// program's own start-up heap.
const (
	// PerInputByte is what a byte of input may cost at the peak: a file
	// being parsed, or a scenario's history and requests.
	PerInputByte = 3
	// PerBuildTextByte is what a byte of document text may cost at the
	// peak of `build`, once the documents are loaded: the text itself
	// and the near-duplicate index being made, which keeps only the
	// shingles more than one document holds and, for text of very short
	// words, hashes the windows in two passes (core/pipeline
	// shingle_hashes.go). ForBuild adds a margin. With 3 bytes a byte
	// and the floor, a 42 MB set of very short words, 125 MB live at
	// its peak, grew to 4.6 times its size.
	PerBuildTextByte = 2
	// PerDocument is what one document adds to the limit beyond its
	// text: about a third of the 80-odd bytes it holds live (its record,
	// its token count, the analysis's numbers, a filtered document's
	// 12-byte trace), the Floor's margin covering the rest. A million
	// one-word documents then get a limit of about 109 MiB over some 80
	// MB live and peak at 3.7 times their 36 MB, in the same processor
	// time; at 40 bytes (119 MiB) they peaked at 3.8-4.0 times, at the
	// full 80 the limit would stand above the peak the collector reaches
	// unaided (5.5 times).
	PerDocument = 30
	// Floor is the least limit: the program with a small input, the
	// tokenizer's tables and a margin for the collector.
	Floor = 64 << 20
	// PerEvalInputByte is what a byte of an eval's files may cost at the
	// peak: eval holds the run's text and builds each query's small set
	// on its own, never one index of every document. Measured on a 51 MB
	// JSON Lines run of 250 queries (25,000 documents of 2 KB): 123 MB
	// live at the peak, 2.4 times the run, the floor included.
	PerEvalInputByte = 2
)

// EnvVar is Go's own setting for the soft limit. A user who sets it
// chooses the limit; ctxlab then sets none.
const EnvVar = "GOMEMLIMIT"

// For returns the soft limit for a run that read inputBytes of document
// text in documents documents.
func For(inputBytes int64, documents int) int64 {
	limit := float64(Floor) + PerInputByte*float64(max(0, inputBytes)) + PerDocument*float64(max(0, documents))
	if limit >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(limit)
}

// ForBuild returns the soft limit for a build over documents documents
// of textBytes of text: PerBuildTextByte a byte, and a margin of the
// floor or of the text's size, whichever is larger. The floor alone
// would hold a large set whose index is being hashed to within a few
// percent of its live heap, so that every allocation started a
// collection (48 instead of 9 on kb-100k.jsonl, 125 MB); the text's
// size alone would let a small set's heap pass 4 times its size.
func ForBuild(textBytes int64, documents int) int64 {
	text := float64(max(0, textBytes))
	limit := PerBuildTextByte*text + max(float64(Floor), text) + PerDocument*float64(max(0, documents))
	if limit >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(limit)
}

// ForEval returns the soft limit for an eval whose files hold
// inputBytes.
func ForEval(inputBytes int64) int64 {
	limit := float64(Floor) + PerEvalInputByte*float64(max(0, inputBytes))
	if limit >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(limit)
}

// Apply sets the soft limit For(inputBytes, documents) unless getenv
// says the user set GOMEMLIMIT, and returns it (0 when the user's
// stands). It never raises a limit set before it: a caller that applies
// twice, or a program that set a lower one, keeps the lower.
func Apply(getenv func(string) string, inputBytes int64, documents int) int64 {
	return ApplyLimit(getenv, For(inputBytes, documents))
}

// Replace sets the soft limit For(inputBytes, documents) even over a
// lower one set before (unless the user set GOMEMLIMIT), and returns it.
// It is for a caller that now knows everything the run holds, after
// limits set from part of it: `assemble --docs small.jsonl --history
// big.jsonl` is first limited from the small documents file alone, and
// keeping that lower limit once the 50 MB history is in made the
// collector run without pause (three times the processor time).
func Replace(getenv func(string) string, inputBytes int64, documents int) int64 {
	if getenv(EnvVar) != "" {
		return 0
	}
	limit := For(inputBytes, documents)
	debug.SetMemoryLimit(limit)
	return limit
}

// ApplyLimit is Apply for a limit computed by the caller (ForEval,
// ForBuild).
func ApplyLimit(getenv func(string) string, limit int64) int64 {
	if getenv(EnvVar) != "" {
		return 0
	}
	limit = min(debug.SetMemoryLimit(-1), limit) // a negative limit only reads it
	debug.SetMemoryLimit(limit)
	return limit
}
