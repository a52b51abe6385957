package summarize_test

import (
	"context"
	"errors"
	"testing"

	"ctxlab/core/internal/testfake"
	"ctxlab/core/summarize"
	"ctxlab/core/value"
)

func TestCachedSummarizer(t *testing.T) {
	rec := &testfake.RecordingSummarizer{}
	c := summarize.NewCachedSummarizer(rec, 2)
	ctx := context.Background()
	a := summarize.Request{Messages: []value.Message{{Role: "user", Content: "ORD-1"}}}
	b := summarize.Request{Purpose: summarize.PurposeChunk, Text: "ORD-1"}
	d := summarize.Request{Purpose: summarize.PurposeChunk, Text: "ORD-2"}

	first, _ := c.Summarize(ctx, a)
	again, _ := c.Summarize(ctx, a)
	if first != again || len(rec.Requests) != 1 {
		t.Fatalf("repeat call reached the summarizer: %d calls", len(rec.Requests))
	}
	c.Summarize(ctx, b) // different purpose, same text: a different request
	c.Summarize(ctx, d) // evicts a
	c.Summarize(ctx, a)
	if len(rec.Requests) != 4 || c.Len() != 2 {
		t.Errorf("calls %d, entries %d", len(rec.Requests), c.Len())
	}

	failing := summarize.NewCachedSummarizer(&testfake.RecordingSummarizer{Err: errors.New("down")}, 0)
	if _, err := failing.Summarize(ctx, a); err == nil || failing.Len() != 0 {
		t.Errorf("errors must not be cached: err %v, entries %d", err, failing.Len())
	}
}
