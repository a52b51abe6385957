package evalrun

import (
	"context"
	"reflect"
	"testing"

	"ctxlab/core"
)

// heldInCorpus is set with every query's documents held as indexes into
// one corpus, as a TREC run is loaded: the same documents, made only when
// a query is evaluated.
func heldInCorpus(set *Set) *Set {
	corpus := &Corpus{}
	out := &Set{Judged: set.Judged, Queries: make([]Query, len(set.Queries))}
	for n, q := range set.Queries {
		held := Query{ID: q.ID, Text: q.Text, Relevance: q.Relevance, Corpus: corpus}
		for i, d := range q.Docs {
			held.Refs = append(held.Refs, int32(len(corpus.IDs)))
			held.Scores = append(held.Scores, d.Score)
			corpus.IDs = append(corpus.IDs, q.DocIDs[i])
			corpus.Contents = append(corpus.Contents, d.Content)
		}
		out.Queries[n] = held
	}
	return out
}

// TestOnePassRunsAndSweepsAsPrepared: a set analyzed as a run reaches
// each query (OnePass, what ctxlab eval uses), with its documents held
// or made from a corpus, gives the reports and sweeps of a set whose
// analyses are kept (Prepare, the workbench's), and a sweep's every
// point is the aggregate of a run at that value.
func TestOnePassRunsAndSweepsAsPrepared(t *testing.T) {
	set := benchmarkSet(12, 30)
	s := heuristicSettings(t, 900)
	reranked := s
	reranked.Rerank, reranked.InitialK, reranked.FinalK = true, 20, 12
	want := Prepare(set)
	for name, p := range map[string]*Prepared{"one pass": OnePass(set), "corpus": OnePass(heldInCorpus(set)), "corpus prepared": Prepare(heldInCorpus(set))} {
		for _, at := range []core.Settings{s, reranked} {
			got, err := p.Run(context.Background(), at)
			if err != nil {
				t.Fatal(err)
			}
			w, err := want.Run(context.Background(), at)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, w) {
				t.Errorf("%s, rerank %v: the report differs from the prepared set's", name, at.Rerank)
			}
		}
		for _, id := range []string{"dedup", "min-tokens", "rag"} {
			k := core.KnobByID(id)
			got, err := p.Sweep(context.Background(), s, k)
			if err != nil {
				t.Fatal(err)
			}
			for _, pt := range got.Points {
				at, err := k.WithNumber(s, pt.Value)
				if err != nil {
					t.Fatal(err)
				}
				w, err := want.Aggregate(context.Background(), at)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(pt.Figures, w) {
					t.Errorf("%s, %s at %v: %+v; a run there gives %+v", name, id, pt.Value, pt.Figures, w)
				}
			}
		}
	}
}

// TestSweepReturnsTheFirstValuesError: a sweep that meets a value it
// cannot run reports it, as a sweep value by value did.
func TestSweepReturnsTheFirstValuesError(t *testing.T) {
	s := heuristicSettings(t, 100)
	s.Builder = core.BuilderSimpleRAG
	if _, err := OnePass(benchmarkSet(2, 3)).Sweep(context.Background(), s, core.KnobByID("dedup")); err == nil {
		t.Error("a sweep under the simple builder ran")
	}
}
