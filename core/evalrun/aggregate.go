package evalrun

// Figures are a run's aggregate over all its queries.
type Figures struct {
	Queries int
	// QueriesWithRelevant counts the queries with at least one relevant
	// document retrieved: those that have a context recall.
	QueriesWithRelevant int
	// ContextRecall is the mean of their context recalls; 0 when
	// QueriesWithRelevant is 0.
	ContextRecall float64
	// QueriesFullRecall counts those whose every relevant retrieved
	// document reached the context.
	QueriesFullRecall int
	RelevantRetrieved int
	RelevantInContext int
	// RelevantLost counts the relevant documents lost, by stage.
	RelevantLost map[Stage]int
	// DocumentsRetrieved and DocumentsInContext count every document.
	DocumentsRetrieved int
	DocumentsInContext int
	// DocumentsSent counts the documents the requests carry after the
	// assembler's cut (QueryResult.Sent).
	DocumentsSent     int
	Filtered          int
	DuplicatesRemoved int
	// TokensUsed is the sum of the context blocks' tokens.
	TokensUsed int
	// Truncated counts queries whose budget left documents out or cut
	// them; OverBudget those whose block is over its budget.
	Truncated  int
	OverBudget int
}

// MeanTokensUsed is the context block's mean size per query.
func (f Figures) MeanTokensUsed() float64 {
	if f.Queries == 0 {
		return 0
	}
	return float64(f.TokensUsed) / float64(f.Queries)
}

// RelevantLostTotal is the number of relevant documents lost at any stage.
func (f Figures) RelevantLostTotal() int { return f.RelevantRetrieved - f.RelevantInContext }

// Aggregate sums the queries' results; context recall is the mean over
// the queries that have one, so a query without relevant documents
// neither helps nor hurts it.
func Aggregate(results []QueryResult) Figures {
	f := Figures{Queries: len(results), RelevantLost: map[Stage]int{}}
	recallSum := 0.0
	for i := range results {
		r := &results[i]
		if r.HasRecall() {
			f.QueriesWithRelevant++
			recallSum += r.ContextRecall()
			if r.RelevantInContext == r.RelevantRetrieved {
				f.QueriesFullRecall++
			}
		}
		f.RelevantRetrieved += r.RelevantRetrieved
		f.RelevantInContext += r.RelevantInContext
		for stage, ids := range r.Lost {
			f.RelevantLost[stage] += len(ids)
		}
		f.DocumentsRetrieved += r.Retrieved
		f.DocumentsInContext += len(r.Included)
		f.DocumentsSent += r.Sent
		f.Filtered += r.Filtered
		f.DuplicatesRemoved += r.DuplicatesRemoved
		f.TokensUsed += r.TokensUsed
		if r.Truncated {
			f.Truncated++
		}
		if r.OverBudget {
			f.OverBudget++
		}
	}
	if f.QueriesWithRelevant > 0 {
		f.ContextRecall = recallSum / float64(f.QueriesWithRelevant)
	}
	return f
}
