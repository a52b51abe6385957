//go:build linux || darwin

package loaders

import "testing"

// A mapped chunk is unmapped through a shorter slice of it, as a chunk
// filled in part and a block cut at a line end are; unmapping it again
// fails, so the first call did unmap it.
func TestMappedChunksAreUnmappedThroughTheirSlices(t *testing.T) {
	chunk, mapped := newChunk(1 << 20)
	if !mapped {
		t.Skip("anonymous mappings are refused here; chunks are on the heap")
	}
	copy(chunk, "some text")
	if err := freeChunk(chunk[:9]); err != nil {
		t.Fatalf("unmapping a chunk through its first 9 bytes: %v", err)
	}
	if err := freeChunk(chunk[:9]); err == nil {
		t.Fatal("a chunk was unmapped twice without an error, so the first call did not unmap it")
	}
}
