package evalrun

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"ctxlab/core/pipeline"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// TestRecallCountsWhatTheAssemblerSends: every document relevant, a block
// over its allocation: the relevant documents past the assembler's cut
// are lost to it, the one it cuts through is sent in part, and context
// recall counts the sent, block recall the block, per query and in
// aggregate. Measured, the block is sent whole and the two agree.
func TestRecallCountsWhatTheAssemblerSends(t *testing.T) {
	var docs []value.Document
	rel := map[string]int{}
	for i := range 8 {
		id := fmt.Sprintf("doc-%d", i)
		docs = append(docs, value.Document{Source: id, Score: 0.9 - float64(i)/20, Content: words(fmt.Sprintf("w%d", i), 8)})
		rel[id] = 1
	}
	set := &Set{Judged: true, Queries: []Query{query("q1", rel, docs...)}}
	s := heuristicSettings(t, 60)
	s.Pipeline.LostInMiddle = false
	prepared := Prepare(set)
	prepared.KeepResults = true
	rep, err := prepared.Run(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	q := rep.Queries[0]
	whole, sent := q.Result.DocsAroundAssemblerCut(prepared.Analysis(0), s.Pipeline.Tokenizer, 60)
	if sent >= len(q.Included) || q.Sent != sent {
		t.Fatalf("%d sent of %d in the block (want %d, fewer): the test needs a cut", q.Sent, len(q.Included), sent)
	}
	partial := 0
	for i := range q.Result.Trace.Len() {
		if f := q.Result.Trace.Doc(i).Fate; f == pipeline.FatePartial || f == pipeline.FateSummarized {
			if c := int(q.Result.Trace.Doc(i).Citation); c <= whole {
				partial++
			}
		}
	}
	if q.RelevantInBlock != len(q.Included) || q.RelevantSent != sent || q.RelevantInPart != sent-whole+partial {
		t.Errorf("relevant: %d in the block, %d sent, %d in part; want %d, %d, %d", q.RelevantInBlock, q.RelevantSent, q.RelevantInPart, len(q.Included), sent, sent-whole+partial)
	}
	if got := q.Lost[StageAssembler]; !slices.Equal(got, q.Included[sent:]) {
		t.Errorf("lost to the assembler's cut %v, want the block's last %v", got, q.Included[sent:])
	}
	if want := float64(sent) / 8; q.ContextRecall() != want || rep.Aggregate.ContextRecall != want {
		t.Errorf("context recall %v, aggregate %v; want %v", q.ContextRecall(), rep.Aggregate.ContextRecall, want)
	}
	if want := float64(len(q.Included)) / 8; q.BlockRecall() != want || rep.Aggregate.BlockRecall != want {
		t.Errorf("block recall %v, aggregate %v; want %v", q.BlockRecall(), rep.Aggregate.BlockRecall, want)
	}
	if agg := rep.Aggregate; agg.RelevantLost[StageAssembler] != len(q.Included)-sent || agg.RelevantLostTotal() != 8-sent || agg.QueriesFullRecall != 0 {
		t.Errorf("aggregate lost %v (%d in all), %d full; want %d to the cut, %d in all, 0 full", agg.RelevantLost, agg.RelevantLostTotal(), agg.QueriesFullRecall, len(q.Included)-sent, 8-sent)
	}

	s.Mode = window.MeasureOnly
	measured, err := prepared.Run(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if q := measured.Queries[0]; q.RelevantSent != q.RelevantInBlock || len(q.Lost[StageAssembler]) != 0 || q.ContextRecall() != q.BlockRecall() {
		t.Errorf("measured: %d sent, %d in the block, %v lost to the cut; want the block sent whole", q.RelevantSent, q.RelevantInBlock, q.Lost[StageAssembler])
	}
}
