//go:build linux || darwin

package loaders

import "syscall"

// newChunk returns n bytes for a chunk of a pipe, mapped outside Go's heap
// so that freeChunk gives them back to the system at once. A chunk on the
// heap stays resident until a collection finds it unused, and until then
// a pipe joined into one buffer, or cut into blocks of lines, is held
// twice. mapped is false when the mapping failed and the chunk is on the
// heap.
func newChunk(n int) (chunk []byte, mapped bool) {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]byte, n), false
	}
	return b, true
}

// freeChunk unmaps a chunk newChunk mapped; nothing may refer to its
// bytes afterwards, so every reader of a chunk copies out of it.
func freeChunk(chunk []byte) {
	// The slice has the mapping's start and capacity, which is all
	// Munmap looks up; an error would mean a chunk freed twice, which
	// inputChunks prevents by dropping its reference first.
	_ = syscall.Munmap(chunk)
}
