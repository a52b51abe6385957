package pipeline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"ctxlab/core/internal/testfake"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

func TestCountTokensMatchesOneByOneWithProgress(t *testing.T) {
	docs := benchDocs(300)
	tok, _ := tokens.ByName(tokens.TokenizerO200K)
	want := make([]int, len(docs))
	for i, d := range docs {
		want[i] = tok.Count(d.Content)
	}
	var seen []TokenProgress
	got, err := Analyze(docs).CountTokens(context.Background(), tok, func(p TokenProgress) { seen = append(seen, p) })
	if err != nil || !slices.Equal(got.ints(), want) {
		t.Fatalf("parallel counts differ (err %v)", err)
	}
	if len(seen) == 0 {
		t.Fatal("no progress reported")
	}
	for i := 1; i < len(seen); i++ {
		if seen[i].Bytes < seen[i-1].Bytes || seen[i].Docs < seen[i-1].Docs {
			t.Fatalf("progress went back: %+v after %+v", seen[i], seen[i-1])
		}
	}
	last := seen[len(seen)-1]
	if last.Docs != len(docs) || last.Bytes != last.TotalBytes || last.Fraction() != 1 {
		t.Errorf("last progress %+v, want everything done", last)
	}
}

// cancellingTokenizer cancels its context on the n-th document it counts,
// so a test cancels mid-count without waiting for time to pass.
type cancellingTokenizer struct {
	testfake.Words
	after  int64
	counts atomic.Int64
	cancel context.CancelFunc
}

func (c *cancellingTokenizer) Count(text string) int {
	if c.counts.Add(1) == c.after {
		c.cancel()
	}
	return c.Words.Count(text)
}

func TestCountTokensCancelsAndKeepsNothing(t *testing.T) {
	docs := benchDocs(2000)
	a := Analyze(docs)
	ctx, cancel := context.WithCancel(context.Background())
	tok := &cancellingTokenizer{after: 10, cancel: cancel}
	counts, err := a.CountTokens(ctx, tok, nil)
	if !errors.Is(err, context.Canceled) || counts.Len() != 0 {
		t.Fatalf("cancelled count returned %d counts, err %v", counts.Len(), err)
	}
	if n := tok.counts.Load(); n >= int64(len(docs)) {
		t.Errorf("counted all %d documents after the cancel", n)
	}
	// Nothing half-done was kept: a later count starts over and finishes.
	full := a.Tokens(testfake.Words{})
	if full.Len() != len(docs) || full.At(len(docs)-1) != (testfake.Words{}).Count(docs[len(docs)-1].Content) {
		t.Error("a count after a cancelled one is incomplete")
	}
}

func TestCountTokensConcurrentCallersShareOneCount(t *testing.T) {
	a := Analyze(benchDocs(500))
	tok := &cancellingTokenizer{after: -1}
	var wg sync.WaitGroup
	results := make([]TokenCounts, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = a.Tokens(tok)
		}()
	}
	wg.Wait()
	if n := tok.counts.Load(); n != 500 {
		t.Errorf("%d documents counted for 4 callers, want 500: they should share one count", n)
	}
	for _, r := range results[1:] {
		if &r.n[0] != &results[0].n[0] {
			t.Error("callers got different slices")
		}
	}
}

// TestCountTokensStepsThroughALongDocument: one 4 MB document shows
// progress before it is done, and a cancel stops it midway.
func TestCountTokensStepsThroughALongDocument(t *testing.T) {
	docs := []value.Document{{Content: strings.Repeat("long document text ", 220_000)}}
	tok, _ := tokens.ByName(tokens.TokenizerCL100K)
	ctx, cancel := context.WithCancel(context.Background())
	var seen []TokenProgress
	counts, err := Analyze(docs).CountTokens(ctx, tok, func(p TokenProgress) {
		seen = append(seen, p)
		if p.Docs == 0 && p.Bytes > 0 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || counts.Len() != 0 {
		t.Fatalf("cancelled midway: %d counts, err %v", counts.Len(), err)
	}
	if len(seen) == 0 || seen[0].Docs != 0 || seen[0].Bytes == 0 {
		t.Errorf("no progress within the document: %+v", seen)
	}
	// Uncancelled, the steps add up to the document and the count is Count's.
	a := Analyze(docs)
	var last TokenProgress
	counts, err = a.CountTokens(context.Background(), tok, func(p TokenProgress) { last = p })
	if err != nil || counts.At(0) != tok.Count(docs[0].Content) || last.Bytes != len(docs[0].Content) || last.Docs != 1 {
		t.Errorf("count %v (want %d), err %v, last progress %+v", counts.ints(), tok.Count(docs[0].Content), err, last)
	}
}
