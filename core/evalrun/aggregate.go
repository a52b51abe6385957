package evalrun

// Figures are a run's aggregate over all its queries.
type Figures struct {
	Queries int
	// QueriesWithRelevant counts the queries with at least one relevant
	// document retrieved: those that have a context recall.
	QueriesWithRelevant int
	// ContextRecall is the mean of their context recalls, as sent
	// (QueryResult.ContextRecall); BlockRecall the mean of their recalls
	// in the pipeline's block, before the assembler's cut. 0 when
	// QueriesWithRelevant is 0.
	ContextRecall float64
	BlockRecall   float64
	// QueriesFullRecall counts those whose request carries every
	// relevant retrieved document.
	QueriesFullRecall int
	// RelevantRetrieved, RelevantInBlock, RelevantSent and
	// RelevantInPart sum the queries' (QueryResult).
	RelevantRetrieved int
	RelevantInBlock   int
	RelevantSent      int
	RelevantInPart    int
	// RelevantLost counts the relevant documents not sent, by stage.
	RelevantLost map[Stage]int
	// DocumentsRetrieved and DocumentsInContext count every document,
	// DocumentsInContext those in the pipeline's blocks.
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

// RelevantLostTotal is the number of relevant documents not sent, lost
// at any stage.
func (f Figures) RelevantLostTotal() int { return f.RelevantRetrieved - f.RelevantSent }

// Aggregate sums the queries' results; context recall is the mean over
// the queries that have one, so a query without relevant documents
// neither helps nor hurts it.
func Aggregate(results []QueryResult) Figures {
	return aggregateTallies(len(results), func(i int) tally { return tallyOf(&results[i]) })
}

// tally is what the aggregate reads of one query's result: a sweep keeps
// it for every value and query, not the result with its lists of ids.
type tally struct {
	relevantRetrieved, relevantInBlock, relevantSent, relevantInPart int
	// lost counts the relevant documents lost, by stage, in LostStages'
	// order.
	lost                                    [len(LostStages)]int
	retrieved, inContext, sent              int
	filtered, duplicatesRemoved, tokensUsed int
	truncated, overBudget                   bool
}

func tallyOf(r *QueryResult) tally {
	t := tally{
		relevantRetrieved: r.RelevantRetrieved, relevantInBlock: r.RelevantInBlock, relevantSent: r.RelevantSent, relevantInPart: r.RelevantInPart,
		retrieved: r.Retrieved, inContext: len(r.Included), sent: r.Sent,
		filtered: r.Filtered, duplicatesRemoved: r.DuplicatesRemoved, tokensUsed: r.TokensUsed,
		truncated: r.Truncated, overBudget: r.OverBudget,
	}
	for n, stage := range LostStages {
		t.lost[n] = len(r.Lost[stage])
	}
	return t
}

// aggregateTallies sums n queries' tallies in query order (the recall's
// mean is a sum of fractions, which the order can change in its last
// digit).
func aggregateTallies(n int, at func(i int) tally) Figures {
	f := Figures{Queries: n, RelevantLost: map[Stage]int{}}
	recallSum, blockRecallSum := 0.0, 0.0
	for i := range n {
		t := at(i)
		if t.relevantRetrieved > 0 {
			f.QueriesWithRelevant++
			recallSum += float64(t.relevantSent) / float64(t.relevantRetrieved)
			blockRecallSum += float64(t.relevantInBlock) / float64(t.relevantRetrieved)
			if t.relevantSent == t.relevantRetrieved {
				f.QueriesFullRecall++
			}
		}
		f.RelevantRetrieved += t.relevantRetrieved
		f.RelevantInBlock += t.relevantInBlock
		f.RelevantSent += t.relevantSent
		f.RelevantInPart += t.relevantInPart
		for n, lost := range t.lost {
			if lost > 0 {
				f.RelevantLost[LostStages[n]] += lost
			}
		}
		f.DocumentsRetrieved += t.retrieved
		f.DocumentsInContext += t.inContext
		f.DocumentsSent += t.sent
		f.Filtered += t.filtered
		f.DuplicatesRemoved += t.duplicatesRemoved
		f.TokensUsed += t.tokensUsed
		if t.truncated {
			f.Truncated++
		}
		if t.overBudget {
			f.OverBudget++
		}
	}
	if f.QueriesWithRelevant > 0 {
		f.ContextRecall = recallSum / float64(f.QueriesWithRelevant)
		f.BlockRecall = blockRecallSum / float64(f.QueriesWithRelevant)
	}
	return f
}
