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

// What a run holds live, measured on hugegen's inputs (docs/limits.md;
// a heap profile taken after a collection at the peak): the text
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
	// shingles more than one document holds and hashes the windows in
	// passes of at most 1.9 times the text (four for text of very short
	// words, core/pipeline shingle_hashes.go). ForBuild adds a margin.
	// With 3 bytes a byte and the floor, a 42 MB set of very short
	// words, 125 MB live at its peak in two passes, grew to 4.6 times
	// its size.
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
	// PerMessageByte is what a byte of a chat history or an imported
	// request may cost at the peak: assemble holds the messages once,
	// and a rendering of them ("role: content" lines) while it is
	// counted and cut, twice their size live with the Floor's margin
	// for the rest. Three bytes a byte let the heap of a 50 MB history
	// or request reach 4.4-4.7 times its size; at two the peak was
	// 3.8-4.0 times, at one and a half 3.7-3.9, in the same processor
	// time (gctrace: the live heap stays under the limit but while a
	// request or one 50 MB message is decoded).
	PerMessageByte = 1.5
	// Floor is the least limit: the program with a small input, the
	// tokenizer's tables and a margin for the collector.
	Floor = 64 << 20
	// PerEvalInputByte is what a byte of an eval's files may cost at the
	// peak: eval holds the run's text and builds each query's small set
	// on its own, never one index of every document. Measured on a 51 MB
	// JSON Lines run of 250 queries (25,000 documents of 2 KB): 123 MB
	// live at the peak, 2.4 times the run, the floor included.
	PerEvalInputByte = 2
	// PerWorkbenchDocument is what the workbench holds a document beyond
	// its text, measured: For's PerDocument is a third of what a
	// headless build holds, the Floor covering the rest for a run that
	// ends, but the workbench lives on with all of it (the records, the
	// trace, the exact counts, the list's rows) and allocates while idle (bubbletea copies the unchanged
	// frame to compare it, 60 times a second: 0.9 MB/s at 160x48), so
	// For's limit sat under its live heap on a million one-word
	// documents (111 MiB for 96 MB live) and the collector ran again and
	// again. TestWorkbenchLimitCoversItsLiveHeap (tui) measures 84 bytes
	// a one-word document, 92 under the race detector (its 7 bytes of
	// text among them, the figure moving with what ran before in the
	// test binary), and fails when the limit is not a twentieth above the
	// live heap and 16 MiB for the runtime's own memory, at a million
	// documents and at ten. Before the token counts took 4 bytes a
	// document instead of 8 and an evaluation in input order stopped
	// holding an 8-byte numbering of its documents, it measured 96 bytes
	// (104 to 105 under the race detector) and this was 96; lowered by
	// the 12 bytes the live heap lost, a million one-word documents
	// (million-words.jsonl) peak at 136-138 MB resident, 3.5 to 3.6 times
	// the file, where they peaked at 150-153 MB, 3.9 to 4.0 times.
	PerWorkbenchDocument = 84
	// WorkbenchFloor is the workbench's limit before its documents: the
	// runtime's own memory beside the heap and room for the collector.
	// Floor, For's, is the least all the same; on a large set every MiB
	// here is one more of the peak: at 32 MiB (and 90 bytes a
	// document) a million one-word documents peaked at 158 MB resident,
	// at 16 at 154 MB, collecting every 10 s while idle (96 MB live,
	// goal 109).
	WorkbenchFloor = 16 << 20
	// PerWorkbenchInputByte is what a byte of document text costs the
	// workbench beyond its documents' records: the text, the
	// tokenizer's pieces, the near-duplicate index (small since it keeps
	// only the shingles documents share). Taking For's 3 bytes and its
	// 64 MiB instead let the heap reach 186 MB on random-2k-50mb.jsonl
	// (51 MB) while 107 MB was live after loading and 75 MB at rest:
	// 4.0 to 4.4 times the file at the peak. kb-100k.jsonl, 115 MB of
	// text, is 253 MB live at its peak, under its 314 MB.
	PerWorkbenchInputByte = 2.5
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

// ForWorkbench returns the soft limit for the workbench open on
// documents documents holding inputBytes of text: WorkbenchFloor,
// PerWorkbenchInputByte a byte and PerWorkbenchDocument a document, and
// never less than the Floor, where a small input stays.
func ForWorkbench(inputBytes int64, documents int) int64 {
	limit := float64(WorkbenchFloor) + PerWorkbenchInputByte*float64(max(0, inputBytes)) + PerWorkbenchDocument*float64(max(0, documents))
	if limit >= math.MaxInt64 {
		return math.MaxInt64
	}
	return max(int64(limit), Floor)
}

// ForConversation is the limit for documents of docBytes (docs of
// them) beside a chat history or an imported request of messageBytes:
// ForBuild's for the documents, which assemble, sweep and diff index as
// build does (For's 3 bytes a byte and 64 MiB let assemble's heap reach
// 4.0 times random-2k-50mb.jsonl once the index was made, 115 MB live),
// and PerMessageByte a byte of the messages.
func ForConversation(docBytes int64, docs int, messageBytes int64) int64 {
	limit := float64(ForBuild(docBytes, docs)) + PerMessageByte*float64(max(0, messageBytes))
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
	return ReplaceLimit(getenv, For(inputBytes, documents))
}

// ReplaceLimit is Replace with a limit the caller computed
// (ForWorkbench, ForConversation).
func ReplaceLimit(getenv func(string) string, limit int64) int64 {
	if getenv(EnvVar) != "" {
		return 0
	}
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
