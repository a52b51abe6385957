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
// change does for one request. It is safe for concurrent runs.
type Prepared struct {
	Set *Set
	// AssemblerCut makes a run under budgeted settings count, per query,
	// the documents a request still carries once the article's assembler
	// cuts the block to the retrieved-context allocation
	// (QueryResult.Sent): the workbench sets it, as it opens a query as a
	// request; headless, the block is what is measured. Set it before
	// the first run.
	AssemblerCut bool
	// KeepResults keeps each query's pipeline result in its QueryResult
	// (Result). Nothing that reports a run reads them, and kept they
	// were most of a run's memory: a TREC run of 2,000 queries of 1,000
	// documents (69 MB) peaked at 985 MB with them, 584 MB without.
	KeepResults bool
	analyses    []*pipeline.Analysis
}

// Prepare analyzes every query's documents, across all cores.
func Prepare(set *Set) *Prepared {
	p := &Prepared{Set: set, analyses: make([]*pipeline.Analysis, len(set.Queries))}
	_ = forEachQuery(context.Background(), len(set.Queries), func(i int) {
		p.analyses[i] = pipeline.Analyze(set.Queries[i].Docs)
	})
	return p
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
// its own (the workbench) and should not analyze its documents again.
func (p *Prepared) Analysis(i int) *pipeline.Analysis { return p.analyses[i] }
