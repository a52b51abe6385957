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

// freeChunk unmaps a chunk newChunk mapped, or any slice of it from its
// start; nothing may refer to its bytes afterwards, so every reader of a
// chunk copies out of it. Its callers drop their reference first, so it
// is never given a chunk twice, and the error, which would say it was,
// is for tests.
func freeChunk(chunk []byte) error {
	// Munmap wants the mapping whole: its start, and its length as long
	// as its capacity.
	return syscall.Munmap(chunk[:cap(chunk)])
}
