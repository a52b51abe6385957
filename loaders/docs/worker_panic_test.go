package docs

import (
	"bytes"
	"runtime"
	"testing"

	"ctxlab/internal/workerpanic/panictest"
)

// TestBlockDecoderRaisesAWorkersPanic: a decoding worker that panics (here
// in the hand-back of a block's buffer) is raised again by wait, and the
// blocks after it are not left waiting for workers that panicked: more
// blocks than workers are handed on, each panicking.
func TestBlockDecoderRaisesAWorkersPanic(t *testing.T) {
	t.Parallel()
	decoder := newBlockDecoder("docs.jsonl", func([]byte) { panic("recycle boom") })
	line := []byte(`{"content": "a document", "score": 0.5}` + "\n")
	panictest.Expect(t, "recycle boom", "ctxlab/loaders/docs.(*blockDecoder).work", func() {
		for range 4 * runtime.GOMAXPROCS(0) {
			if !decoder.accepting() {
				break
			}
			block := bytes.Repeat(line, 3)
			decoder.decode(block, block)
		}
		decoder.wait()
	})
	if decoder.accepting() {
		t.Error("the decoder still accepts blocks after a worker panicked")
	}
	// Stopped already: the deferred stop of streamJSONLines raises
	// nothing more.
	decoder.stop()
}
