package evalrun

import (
	"context"
	"fmt"
	"testing"

	"ctxlab/core/value"
	"ctxlab/core/window"
)

// TestRunCountsWhatTheAssemblerSends: a block over its allocation (the
// reference does not budget its citation headers) loses its last
// documents to the assembler's cut; a budgeted run counts what is sent,
// a measured one sends the block as it is.
func TestRunCountsWhatTheAssemblerSends(t *testing.T) {
	var docs []value.Document
	for i := range 8 {
		docs = append(docs, value.Document{Source: fmt.Sprintf("doc-%d", i), Score: 0.9 - float64(i)/20, Content: words(fmt.Sprintf("w%d", i), 8)})
	}
	set := &Set{Queries: []Query{query("q1", nil, docs...)}}
	s := heuristicSettings(t, 60)
	s.Pipeline.LostInMiddle = false

	prepared := Prepare(set)
	prepared.KeepResults = true
	cut, err := prepared.Run(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	q := cut.Queries[0]
	if want := q.Result.DocsSentAfterCut(prepared.Analysis(0), s.Pipeline.Tokenizer, 60); !cut.AssemblerCut || q.Sent != want || q.Sent >= len(q.Included) {
		t.Errorf("a block of %d tokens under a 60-token allocation: %d sent of %d in the block, want %d (fewer)", q.TokensUsed, q.Sent, len(q.Included), want)
	}
	if cut.Aggregate.DocumentsSent != q.Sent || cut.Aggregate.DocumentsInContext != len(q.Included) {
		t.Errorf("aggregate %d sent, %d in the blocks; want %d and %d", cut.Aggregate.DocumentsSent, cut.Aggregate.DocumentsInContext, q.Sent, len(q.Included))
	}

	s.Mode = window.MeasureOnly
	measured, err := prepared.Run(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if q := measured.Queries[0]; measured.AssemblerCut || q.Sent != len(q.Included) {
		t.Errorf("measured as sent: %d sent of %d in the block", q.Sent, len(q.Included))
	}
	if SameRun(s, heuristicSettings(t, 60)) {
		t.Error("a measured and a budgeted run are taken for the same run")
	}
}
