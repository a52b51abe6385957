package evalrun

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// benchmarkSet is a run of queries × docs documents drawn from a corpus
// of its own: passages of 60-160 words over a 2,000-word vocabulary, one
// in ten retrieved with a near copy beside it, a few too short to keep,
// and three judged relevant per query.
func benchmarkSet(queries, docs int) *Set {
	rng := rand.New(rand.NewPCG(1, 2))
	vocabulary := make([]string, 2000)
	for i := range vocabulary {
		vocabulary[i] = fmt.Sprintf("w%d", i)
	}
	passage := func(n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = vocabulary[rng.IntN(len(vocabulary))]
		}
		return strings.Join(w, " ")
	}
	set := &Set{Judged: true, Queries: make([]Query, queries)}
	for qi := range set.Queries {
		q := Query{ID: fmt.Sprintf("q%d", qi), Text: passage(6), Relevance: map[string]int{}}
		for d := range docs {
			id := fmt.Sprintf("q%d-d%d", qi, d)
			content := passage(60 + rng.IntN(100))
			switch {
			case d%10 == 9:
				content = q.Docs[d-1].Content + " " + passage(3)
			case d%17 == 16:
				content = passage(2)
			}
			q.Docs = append(q.Docs, value.Document{Content: content, Score: 1 - float64(d)/float64(docs), Source: id})
			q.DocIDs = append(q.DocIDs, id)
			if d%17 == 3 || d == 9 || d == 40 {
				q.Relevance[id] = 1
			}
		}
		set.Queries[qi] = q
	}
	return set
}

// BenchmarkRun is a run of 1,000 queries × 50 documents under a new
// setting, after loading: the analyses made once, as the workbench makes
// them (`ctxlab eval` runs once, and analyzes each query as it runs it:
// BenchmarkOnePassRun).
// The sub-benchmark cut=true counts each query's documents sent after the
// assembler's cut, as every budgeted run does; cut=false is measured.
func BenchmarkRun(b *testing.B) {
	tok, err := tokens.ByName(tokens.TokenizerHeuristic)
	if err != nil {
		b.Fatal(err)
	}
	prepared := Prepare(benchmarkSet(1000, 50))
	for _, cut := range []bool{false, true} {
		b.Run(fmt.Sprintf("cut=%v", cut), func(b *testing.B) {
			s := core.DefaultSettings()
			s.Pipeline.Tokenizer = tok
			if !cut {
				s.Mode = window.MeasureOnly
			}
			if _, err := prepared.Run(context.Background(), s); err != nil {
				b.Fatal(err) // the first run counts every document's tokens once
			}
			b.ResetTimer()
			for i := range b.N {
				s.Pipeline.DedupThreshold = 0.7 + float64(i%3)/10
				if _, err := prepared.Run(context.Background(), s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAggregateSweep sweeps the dedup threshold (51 values) over
// the run of 1,000 queries × 50 documents: every value run on a query
// before the next, the near-duplicate pairs of each query found once for
// all of them. prepared keeps every query's analysis, as the workbench
// does, after a first run; one-pass makes each as it reaches its query
// and drops it, as `ctxlab eval --sweep` does.
func BenchmarkAggregateSweep(b *testing.B) {
	tok, err := tokens.ByName(tokens.TokenizerHeuristic)
	if err != nil {
		b.Fatal(err)
	}
	s := core.DefaultSettings()
	s.Pipeline.Tokenizer = tok
	set := benchmarkSet(1000, 50)
	b.Run("prepared", func(b *testing.B) {
		prepared := Prepare(set)
		if _, err := prepared.Run(context.Background(), s); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for range b.N {
			if _, err := prepared.Sweep(context.Background(), s, core.KnobByID("dedup")); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("one-pass", func(b *testing.B) {
		for range b.N {
			if _, err := OnePass(set).Sweep(context.Background(), s, core.KnobByID("dedup")); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkOnePassRun is `ctxlab eval`'s run of 1,000 queries × 50
// documents: each query's documents analyzed as a worker reaches it,
// from a set held as indexes into a corpus (as a TREC run is loaded) or
// as documents.
func BenchmarkOnePassRun(b *testing.B) {
	tok, err := tokens.ByName(tokens.TokenizerHeuristic)
	if err != nil {
		b.Fatal(err)
	}
	s := core.DefaultSettings()
	s.Pipeline.Tokenizer = tok
	set := benchmarkSet(1000, 50)
	for name, set := range map[string]*Set{"documents": set, "corpus": heldInCorpus(set)} {
		b.Run(name, func(b *testing.B) {
			for range b.N {
				if _, err := OnePass(set).Run(context.Background(), s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
