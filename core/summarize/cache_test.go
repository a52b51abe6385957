package summarize

import (
	"context"
	"errors"
	"testing"

	"ctxlab/core/value"
)

func TestCachedSummarizer(t *testing.T) {
	rec := &recordingSummarizer{}
	c := NewCachedSummarizer(rec, 2)
	ctx := context.Background()
	a := Request{Messages: []value.Message{{Role: "user", Content: "ORD-1"}}}
	b := Request{Purpose: PurposeChunk, Text: "ORD-1"}
	d := Request{Purpose: PurposeChunk, Text: "ORD-2"}

	first, _ := c.Summarize(ctx, a)
	again, _ := c.Summarize(ctx, a)
	if first != again || len(rec.reqs) != 1 {
		t.Fatalf("repeat call reached the summarizer: %d calls", len(rec.reqs))
	}
	c.Summarize(ctx, b) // different purpose, same text: a different request
	c.Summarize(ctx, d) // evicts a
	c.Summarize(ctx, a)
	if len(rec.reqs) != 4 || c.Len() != 2 {
		t.Errorf("calls %d, entries %d", len(rec.reqs), c.Len())
	}

	failing := NewCachedSummarizer(&recordingSummarizer{err: errors.New("down")}, 0)
	if _, err := failing.Summarize(ctx, a); err == nil || failing.Len() != 0 {
		t.Errorf("errors must not be cached: err %v, entries %d", err, failing.Len())
	}
}
