//go:build !(linux || darwin)

package loaders

// newChunk returns n bytes for a chunk of a pipe. Where anonymous mappings
// are not used, a chunk is on the heap and is freed by the collector.
func newChunk(n int) (chunk []byte, mapped bool) { return make([]byte, n), false }

// freeChunk is never called for a chunk on the heap.
func freeChunk([]byte) error { return nil }
