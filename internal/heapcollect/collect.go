// Package heapcollect runs a collection where a caller has just let go
// of as much memory as it is about to allocate. It is apart from
// memlimit, which sets the process's limits, so that the engine (the
// assembler) may use it: it reads no file and touches no setting.
package heapcollect

import (
	"runtime"
	"runtime/metrics"
)

// Dropped runs a collection where a command has just let go of
// as much memory as it is about to allocate. A large allocation is made
// before the collection it triggers can free anything, so the garbage
// and the new allocation are held at once.
//
// Its callers: an eval loader, a file's bytes before the titles are
// joined to their texts, the texts the passages replaced before the
// pipeline hashes the documents (without it a run of one 50 MB document
// held the file, its text and its passage at once, and then the text
// beside the passage and the pipeline's 54 MB of window hashes: the
// heap peaked at 143 and 150 MB, 174 MB resident, 3.57 times the file;
// with it the heap tops at 102 MB, 136 MB resident, 2.79 times, in the
// same processor time: what is live then is mostly text, which the
// collector does not scan); a request's loader, its file and decoded
// body before assemble writes the tools array; the assembler, a long
// tools array counted and dropped before the array sent is written. A
// small heap (the bundled sample, a workbench's eval view) is left to
// the collector's pacing: there is nothing worth a pause to give back.
func Dropped() {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() >= collectDroppedFromBytes {
		runtime.GC()
	}
}

// collectDroppedFromBytes is the heap from which Dropped collects.
const collectDroppedFromBytes = 32 << 20
