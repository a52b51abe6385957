package evalrun

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"ctxlab/core/pipeline"
	"ctxlab/internal/workerpanic"
)

// Prepared is a Set with each query's analysis made once, so that a run
// under new settings costs only the pipeline's cheap stages, as a knob
// change does for one request (Prepare); or a Set whose queries are
// analyzed as a run reaches them (OnePass). It is safe for concurrent
// runs.
type Prepared struct {
	Set *Set
	// KeepResults keeps each query's pipeline result in its QueryResult
	// (Result). Nothing that reports a run reads them, and kept they
	// were most of a run's memory: a TREC run of 2,000 queries of 1,000
	// documents (69 MB) peaked at 985 MB with them, 584 MB without.
	KeepResults bool
	// analyses are every query's, kept; nil when each is made as a run
	// reaches its query (OnePass).
	analyses []*pipeline.Analysis
}

// Prepare analyzes every query's documents, across all cores, and keeps
// the analyses for every run after: for a caller that runs the set again
// and again under new settings (the workbench, through PrepareWithin,
// while they fit its budget).
func Prepare(set *Set) *Prepared {
	p := &Prepared{Set: set, analyses: make([]*pipeline.Analysis, len(set.Queries))}
	_ = forEachQuery(context.Background(), len(set.Queries), func(i int) {
		p.analyses[i] = pipeline.Analyze(set.Queries[i].Documents())
	})
	return p
}

// OnePass is set ready for one run or one sweep (which runs every value
// on a query before the next query): each query's documents are made
// and analyzed when a worker reaches it, and dropped with its run, so
// what stays is each query's small result. Kept, the analyses of a TREC
// run of 2,000 queries of 1,000 documents, with the shingle indexes its
// deduplication built, were a third of its memory. Analysis returns nil.
func OnePass(set *Set) *Prepared { return &Prepared{Set: set} }

// analysisFor is query i's analysis: the kept one, or one made now.
func (p *Prepared) analysisFor(i int) *pipeline.Analysis {
	if p.analyses != nil {
		return p.analyses[i]
	}
	return pipeline.Analyze(p.Set.Queries[i].Documents())
}

// forEachQuery calls work for 0..n-1 on one goroutine per core, each
// taking the next query as it finishes one, so a few long queries do not
// hold up a fixed share. It stops handing out queries once ctx is done.
// A panic in work is raised again here once every worker has stopped.
func forEachQuery(ctx context.Context, n int, work func(i int)) error {
	workers := min(runtime.GOMAXPROCS(0), n)
	var next atomic.Int64
	var wg sync.WaitGroup
	var panics workerpanic.Relay
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer panics.Catch()
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				work(i)
			}
		}()
	}
	wg.Wait()
	panics.Raise()
	return ctx.Err()
}

// Analysis is query i's analysis, for a caller that opens the query on
// its own (the workbench) and should not analyze its documents again;
// nil when the set was not prepared (OnePass).
func (p *Prepared) Analysis(i int) *pipeline.Analysis {
	if p.analyses == nil {
		return nil
	}
	return p.analyses[i]
}
