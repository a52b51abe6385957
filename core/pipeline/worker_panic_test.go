package pipeline

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/workerpanic/panictest"
)

// Each worker pool of the pipeline raises a worker's panic again in the
// goroutine that waits for it, with the worker's value and stack, and
// does not hang when the worker that panicked owed it a result.

func TestForEachBlockRaisesAWorkersPanic(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4)) // workers even on a small machine
	panictest.Expect(t, "boom at document 1500", "ctxlab/core/pipeline.forEachBlock.func1", func() {
		forEachBlock(8*parallelMinDocs, func(start, end int) {
			if start <= 1500 && 1500 < end {
				panic("boom at document 1500")
			}
		})
	})
}

// panicTokenizer panics on a document holding "boom".
type panicTokenizer struct{ tokens.Heuristic }

func (panicTokenizer) Name() string { return "panics on boom" }

func (p panicTokenizer) Count(text string) int {
	if strings.Contains(text, "boom") {
		panic("tokenizer boom")
	}
	return p.Heuristic.Count(text)
}

// calmTokenizer has panicTokenizer's name and counts everything.
type calmTokenizer struct{ tokens.Heuristic }

func (calmTokenizer) Name() string { return "panics on boom" }

// TestCountTokensRaisesAWorkersPanic: the count's panic reaches the
// caller, and the count keeps nothing, so the next caller counts afresh
// rather than wait for it.
func TestCountTokensRaisesAWorkersPanic(t *testing.T) {
	t.Parallel()
	docs := make([]value.Document, 300)
	for i := range docs {
		docs[i].Content = "a few words here"
	}
	docs[123].Content = "a boom here"
	a := Analyze(docs)
	panictest.Expect(t, "tokenizer boom", "ctxlab/core/pipeline.(*Analysis).countTokens.func1", func() {
		_, _ = a.CountTokens(context.Background(), panicTokenizer{}, nil)
	})
	if a.Counted(panicTokenizer{}) {
		t.Error("a count that panicked is kept as made")
	}
	counts, err := a.CountTokens(context.Background(), calmTokenizer{}, nil)
	if err != nil || counts.Len() != len(docs) || counts.At(123) != tokens.Heuristic.Count(tokens.Heuristic{}, "a boom here") {
		t.Errorf("counting again after the panic: %v, %d counts", err, counts.Len())
	}
}

// TestClassWindowHashesRaisesAWorkersPanic: a shingle size below one (no
// caller asks for it) panics in the hashing worker.
func TestClassWindowHashesRaisesAWorkersPanic(t *testing.T) {
	t.Parallel()
	a := Analyze([]value.Document{{Content: "one two three four"}, {Content: "five six seven eight"}})
	panictest.Expect(t, "runtime error: slice bounds out of range", "ctxlab/core/pipeline.(*windowPlan).classWindowHashes.func1", func() {
		newWindowPlan(a, -1).classWindowHashes(a, 0, nil)
	})
}

// TestJoinNearPairsRaisesAProbersPanic: a prober verifying a candidate
// against a broken index panics on each of the join's workers.
func TestJoinNearPairsRaisesAProbersPanic(t *testing.T) {
	t.Parallel()
	docs := make([]value.Document, 40)
	for i := range docs {
		docs[i].Content = "the tent arrived with a torn fly and a bent pole, order " + strings.Repeat("x", i%3)
	}
	x := Analyze(docs).shingleIndex(3)
	x.bitmaps = nil
	panictest.Expect(t, "runtime error: index out of range", "ctxlab/core/pipeline.joinNearPairs.func2", func() {
		joinNearPairs(x, 0.5, 2)
	})
}

// TestMembersRaisesAFormattingWorkersPanic: a member that panics while
// the array is formatted in blocks stops the emitting, which waits for
// that block, and reaches the writer's caller.
func TestMembersRaisesAFormattingWorkersPanic(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	w := jsonWriter{first: true, emit: func([]byte) error { return nil }, pieceSize: 1}
	panictest.Expect(t, "member boom", "ctxlab/core/pipeline.(*jsonWriter).members.func1", func() {
		_ = w.members(10*jsonMembersBlock, func(w *jsonWriter, i int) error {
			if i == 3*jsonMembersBlock+5 {
				panic("member boom")
			}
			w.b = append(w.b, '1')
			return nil
		})
	})
}
