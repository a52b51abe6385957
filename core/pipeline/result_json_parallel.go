package pipeline

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"

	"ctxlab/internal/workerpanic"
)

// jsonMembersBlock is how many array members one worker formats at a
// time: a block of documents is a piece of about the size emitted.
const jsonMembersBlock = 256

// members writes the n members of the array just opened, member i by
// write. When the writer streams and the array is long, blocks of members
// are formatted on every core, each into a buffer of its own, and
// emitted in order: a member's bytes depend only on the depth and on
// whether it is the array's first, so the output is the same bytes as
// writing them one after another. Formatting the documents and their
// traces is most of writing a large result. A panic in write, on a
// worker, is raised again here once the workers have stopped.
func (w *jsonWriter) members(n int, write func(w *jsonWriter, i int) error) error {
	workers := runtime.GOMAXPROCS(0)
	blocks := (n + jsonMembersBlock - 1) / jsonMembersBlock
	if w.emit == nil || workers < 2 || blocks < 4 {
		for i := range n {
			w.member()
			if err := write(w, i); err != nil {
				return err
			}
			w.flushIfFull()
		}
		return nil
	}
	done := make([]chan formattedBlock, blocks)
	for k := range done {
		done[k] = make(chan formattedBlock, 1)
	}
	// At most two blocks a worker are formatted and not yet emitted, so
	// the buffers in flight stay a few pieces whatever the array's length.
	slots := make(chan []byte, 2*workers)
	for range cap(slots) {
		slots <- nil
	}
	stop := make(chan struct{})
	var next atomic.Int64
	var wg sync.WaitGroup
	var panics workerpanic.Relay
	first := w.first
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer panics.Catch()
			for {
				var buf []byte
				select {
				case buf = <-slots:
				case <-stop:
					return
				}
				k := int(next.Add(1)) - 1
				if k >= blocks {
					return
				}
				bw := jsonWriter{b: buf[:0], depth: w.depth, first: first && k == 0}
				var err error
				for i := k * jsonMembersBlock; i < min(n, (k+1)*jsonMembersBlock) && err == nil; i++ {
					bw.member()
					err = write(&bw, i)
				}
				done[k] <- formattedBlock{b: bw.b, err: err}
			}
		}()
	}
	err := w.emitInOrder(done, slots, panics.Failed())
	close(stop)
	wg.Wait()
	panics.Raise()
	w.first = false // there were members
	return err
}

// formattedBlock is one block of members as a worker wrote it.
type formattedBlock struct {
	b   []byte
	err error
}

// errWorkerPanicked stops the emitting when a worker has panicked; the
// panic itself is raised once the workers have stopped.
var errWorkerPanicked = errors.New("a worker formatting the JSON panicked")

// emitInOrder emits each block once its turn comes, after the bytes the
// writer holds, and hands its buffer back for another block. It stops
// when failed closes: the block a panicking worker held never comes.
func (w *jsonWriter) emitInOrder(done []chan formattedBlock, slots chan<- []byte, failed <-chan struct{}) error {
	for k := range done {
		var block formattedBlock
		select {
		case block = <-done[k]:
		case <-failed:
			return errWorkerPanicked
		}
		if block.err != nil {
			return block.err
		}
		if w.err == nil && len(w.b) > 0 {
			w.err = w.emit(w.b)
			w.b = w.b[:0]
		}
		if w.err == nil {
			w.err = w.emit(block.b)
		}
		if w.err != nil {
			return w.err
		}
		slots <- block.b
	}
	return nil
}
