package loaders

import (
	"runtime"
	"runtime/metrics"
)

// collectDropped runs a collection where an eval loader has just let go
// of as much memory as it is about to allocate: a file's bytes before
// the titles are joined to their texts, the texts the passages replaced
// before the pipeline hashes the documents. A large allocation is made
// before the collection it triggers can free anything, so without this
// a run of one 50 MB document held the file, its text and its passage
// at once, and then the text beside the passage and the pipeline's 54 MB
// of window hashes: the heap peaked at 143 and 150 MB, 174 MB resident,
// 3.57 times the file. With it the heap tops at 102 MB (136 MB resident,
// 2.79 times), in the same processor time: what is live then is mostly
// text, which the collector does not scan. A small heap (the bundled
// sample, a workbench's eval view) is left to the collector's pacing:
// there is nothing worth a pause to give back.
func collectDropped() {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() >= collectDroppedFromBytes {
		runtime.GC()
	}
}

// collectDroppedFromBytes is the heap from which collectDropped collects.
const collectDroppedFromBytes = 32 << 20
