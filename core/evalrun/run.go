package evalrun

import (
	"context"
	"fmt"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/core/window"
)

// Report is a run of every query under one setting.
type Report struct {
	Settings  core.Settings
	Queries   []QueryResult
	Aggregate Figures
	// AssemblerCut says the settings are budgeted, so the article's
	// assembler cuts each query's block to the retrieved context's
	// allocation and a query's Sent and recall count what it keeps; a
	// measured run sends each block as it is.
	AssemblerCut bool
}

// Run builds every query's context under s, across all cores: the
// reference's pipeline with s's knobs and the retrieved-context
// allocation as its budget, after the reranker when s turns it on (each
// query reranked against its own text). The other components of a
// request play no part: what is measured is which documents reach the
// retrieved context.
func (p *Prepared) Run(ctx context.Context, s core.Settings) (*Report, error) {
	opts, err := runOptions(s)
	if err != nil {
		return nil, err
	}
	cut := s.Mode == window.Budgeted
	rep := &Report{Settings: s, Queries: make([]QueryResult, len(p.Set.Queries)), AssemblerCut: cut}
	errs := make([]error, len(p.Set.Queries))
	err = forEachQuery(ctx, len(p.Set.Queries), func(i int) {
		rep.Queries[i], errs[i] = runQuery(&p.Set.Queries[i], p.analysisFor(i), s, opts, cut, p.KeepResults)
	})
	if err != nil {
		return nil, err
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	rep.Aggregate = Aggregate(rep.Queries)
	return rep, nil
}

// runOptions are the pipeline's options for a run under s, or why s
// cannot be run.
func runOptions(s core.Settings) (pipeline.Options, error) {
	opts := pipeline.Options{Settings: s.Pipeline, Budget: s.Budget.RetrievedContext}
	if err := core.ValidateOptions(opts); err != nil {
		return opts, err
	}
	if s.Builder != core.BuilderContextManager {
		return opts, &core.OptionError{Option: "builder", Problem: fmt.Sprintf("%s is not evaluated over a run; expected %s, whose trace says where each document went", s.Builder, core.BuilderContextManager)}
	}
	return opts, nil
}

// Aggregate runs every query under s and returns the aggregate figures
// alone: what a sweep or a baseline compares across settings.
func (p *Prepared) Aggregate(ctx context.Context, s core.Settings) (Figures, error) {
	rep, err := p.Run(ctx, s)
	if err != nil {
		return Figures{}, err
	}
	return rep.Aggregate, nil
}

func runQuery(q *Query, analysis *pipeline.Analysis, s core.Settings, opts pipeline.Options, cut, keep bool) (QueryResult, error) {
	r := QueryResult{QID: q.ID, Query: q.Text, Retrieved: q.Len(), TokensBudget: opts.Budget, Lost: map[Stage][]string{}}
	for i := range q.Len() {
		if q.Relevant(q.DocID(i)) {
			r.RelevantRetrieved++
		}
	}
	// id names the document the pipeline saw at index i: the run's own
	// i-th, or the reranker's i-th pick.
	id := q.DocID
	if s.Rerank && q.Len() > 0 {
		rr := pipeline.RetrieveWithRerank(q.Text, analysis.Docs, pipeline.BM25Reranker{}, s.InitialK, s.FinalK)
		selected := make([]bool, q.Len())
		for _, i := range rr.SelectedIndices {
			selected[i] = true
		}
		for i := range q.Len() {
			if !selected[i] && q.Relevant(q.DocID(i)) {
				r.Lost[StageRerank] = append(r.Lost[StageRerank], q.DocID(i))
			}
		}
		id = func(n int) string { return q.DocID(rr.SelectedIndices[n]) }
		analysis = pipeline.Analyze(rr.Selected)
	}
	res, err := pipeline.Build(analysis, opts)
	if err != nil {
		return r, err
	}
	if keep {
		r.Result = res
	}
	r.TokensUsed = res.TokensUsed
	r.DuplicatesRemoved = res.DuplicatesRemoved
	r.Filtered = res.Trace.Counts.Filtered
	r.Truncated = res.Truncated || res.Trace.Counts.Partial > 0 || res.Trace.Counts.Summarized > 0
	r.OverBudget = res.TokensUsed > res.TokensBudget
	whole, sent := len(res.IncludedDocs), len(res.IncludedDocs)
	if cut {
		whole, sent = res.DocsAroundAssemblerCut(analysis, opts.Tokenizer, opts.Budget)
	}
	r.Sent = sent
	r.Included = make([]string, len(res.Trace.Cited))
	for n, i := range res.Trace.Cited {
		r.Included[n] = id(i)
	}
	for i := range res.Trace.Len() {
		d := res.Trace.Doc(i)
		docID := id(int(d.Index))
		// c is the document's [n] in the block, 0 when absent; the
		// assembler's cut goes through the one at whole+1 when whole <
		// sent, and leaves out those past sent.
		c := int(d.Citation)
		inPart := c > whole || d.Fate == pipeline.FatePartial || d.Fate == pipeline.FateSummarized
		if c > 0 && inPart && c <= sent {
			r.Cut = append(r.Cut, docID)
		}
		if !q.Relevant(docID) {
			continue
		}
		stage, lost := lostAt(d.Fate)
		switch {
		case lost:
			r.Lost[stage] = append(r.Lost[stage], docID)
			continue
		case c > sent:
			r.RelevantInBlock++
			r.Lost[StageAssembler] = append(r.Lost[StageAssembler], docID)
			continue
		}
		r.RelevantInBlock++
		r.RelevantSent++
		if inPart {
			r.RelevantInPart++
		}
	}
	return r, nil
}

// lostAt names the stage that removed a document with fate f, or reports
// that the document reached the context.
func lostAt(f pipeline.Fate) (Stage, bool) {
	switch f {
	case pipeline.FateFiltered:
		return StageFiltered, true
	case pipeline.FateDuplicate:
		return StageDuplicate, true
	case pipeline.FateExcluded:
		return StageBudget, true
	}
	return "", false
}

// SameRun reports whether a run under a and one under b build every
// query alike: the settings a run reads are equal (the mode among them,
// since a budgeted request's assembler cuts the block and a measured one
// does not). It compares the pipeline's settings with ==, so they must
// stay comparable.
func SameRun(a, b core.Settings) bool {
	return a.Pipeline == b.Pipeline && a.Budget.RetrievedContext == b.Budget.RetrievedContext && a.Builder == b.Builder && a.Mode == b.Mode &&
		a.Rerank == b.Rerank && (!a.Rerank || (a.InitialK == b.InitialK && a.FinalK == b.FinalK))
}
