package cli

import (
	"io"

	"ctxlab/core/evalrun"
)

// evalQueryJSON is one query of `eval --format json`.
type evalQueryJSON struct {
	QID               string   `json:"qid"`
	Query             string   `json:"query"`
	Retrieved         int      `json:"retrieved"`
	Included          []string `json:"included"`
	Cut               []string `json:"cut"`
	RelevantRetrieved int      `json:"relevant_retrieved"`
	RelevantInContext int      `json:"relevant_in_context"`
	// ContextRecall is null when no relevant document was retrieved.
	ContextRecall     *float64            `json:"context_recall"`
	RelevantLost      map[string][]string `json:"relevant_lost"`
	Filtered          int                 `json:"filtered"`
	DuplicatesRemoved int                 `json:"duplicates_removed"`
	TokensUsed        int                 `json:"tokens_used"`
	TokensBudget      int                 `json:"tokens_budget"`
	Truncated         bool                `json:"truncated"`
	OverBudget        bool                `json:"over_budget"`
}

// evalAggregateJSON is the run's aggregate.
type evalAggregateJSON struct {
	Queries             int            `json:"queries"`
	Judged              bool           `json:"judged"`
	QueriesWithRelevant int            `json:"queries_with_relevant"`
	ContextRecall       *float64       `json:"context_recall"`
	QueriesFullRecall   int            `json:"queries_full_recall"`
	RelevantRetrieved   int            `json:"relevant_retrieved"`
	RelevantInContext   int            `json:"relevant_in_context"`
	RelevantLost        map[string]int `json:"relevant_lost"`
	DocumentsRetrieved  int            `json:"documents_retrieved"`
	DocumentsInContext  int            `json:"documents_in_context"`
	Filtered            int            `json:"filtered"`
	DuplicatesRemoved   int            `json:"duplicates_removed"`
	TokensUsed          int            `json:"tokens_used"`
	MeanTokensUsed      float64        `json:"mean_tokens_used"`
	Truncated           int            `json:"truncated"`
	OverBudget          int            `json:"over_budget"`
}

// evalSettingsJSON says what each query was built under.
type evalSettingsJSON struct {
	Tokenizer         string  `json:"tokenizer"`
	Budget            int     `json:"budget"`
	BudgetMode        string  `json:"budget_mode"`
	DedupThreshold    float64 `json:"dedup_threshold"`
	MinDocTokens      int     `json:"min_doc_tokens"`
	LostInMiddle      bool    `json:"lost_in_middle"`
	ShingleSize       int     `json:"shingle_size"`
	SummarizeOverflow bool    `json:"summarize_overflow"`
	// Rerank is set when each query was reranked first: initial_k and
	// final_k.
	Rerank *evalRerankJSON `json:"rerank"`
}

type evalRerankJSON struct {
	InitialK int `json:"initial_k"`
	FinalK   int `json:"final_k"`
}

func writeEvalJSON(w io.Writer, set *evalrun.Set, rep *evalrun.Report) error {
	// As every JSON report, it writes the characters that could act on
	// a terminal as \u escapes (safetext.EscapeJSON): a query or
	// document id from a production log may carry them.
	return writeJSON(w, evalReportJSON(set, rep))
}

// evalReportJSON is the report `eval --format json` writes, each query's
// text as hold returns it.
func evalReportJSON(set *evalrun.Set, rep *evalrun.Report) any {
	queries := make([]evalQueryJSON, len(rep.Queries))
	for i := range rep.Queries {
		q := &rep.Queries[i]
		out := evalQueryJSON{
			QID: q.QID, Query: q.Query, Retrieved: q.Retrieved, Included: nonNil(q.Included), Cut: nonNil(q.Cut),
			RelevantRetrieved: q.RelevantRetrieved, RelevantInContext: q.RelevantInContext,
			RelevantLost: map[string][]string{}, Filtered: q.Filtered, DuplicatesRemoved: q.DuplicatesRemoved,
			TokensUsed: q.TokensUsed, TokensBudget: q.TokensBudget, Truncated: q.Truncated, OverBudget: q.OverBudget,
		}
		if q.HasRecall() {
			recall := q.ContextRecall()
			out.ContextRecall = &recall
		}
		for _, stage := range evalrun.LostStages {
			out.RelevantLost[stage.Key()] = nonNil(q.Lost[stage])
		}
		queries[i] = out
	}
	agg := rep.Aggregate
	aggOut := evalAggregateJSON{
		Queries: agg.Queries, Judged: set.Judged, QueriesWithRelevant: agg.QueriesWithRelevant, QueriesFullRecall: agg.QueriesFullRecall,
		RelevantRetrieved: agg.RelevantRetrieved, RelevantInContext: agg.RelevantInContext, RelevantLost: map[string]int{},
		DocumentsRetrieved: agg.DocumentsRetrieved, DocumentsInContext: agg.DocumentsInContext, Filtered: agg.Filtered,
		DuplicatesRemoved: agg.DuplicatesRemoved, TokensUsed: agg.TokensUsed, MeanTokensUsed: agg.MeanTokensUsed(),
		Truncated: agg.Truncated, OverBudget: agg.OverBudget,
	}
	if agg.QueriesWithRelevant > 0 {
		recall := agg.ContextRecall
		aggOut.ContextRecall = &recall
	}
	for _, stage := range evalrun.LostStages {
		aggOut.RelevantLost[stage.Key()] = agg.RelevantLost[stage]
	}
	p := rep.Settings.Pipeline
	var rerank *evalRerankJSON
	if rep.Settings.Rerank {
		rerank = &evalRerankJSON{InitialK: rep.Settings.InitialK, FinalK: rep.Settings.FinalK}
	}
	return struct {
		Settings  evalSettingsJSON  `json:"settings"`
		Queries   []evalQueryJSON   `json:"queries"`
		Aggregate evalAggregateJSON `json:"aggregate"`
	}{
		evalSettingsJSON{
			Tokenizer: p.Tokenizer.Name(), Budget: rep.Settings.Budget.RetrievedContext, BudgetMode: string(p.BudgetMode),
			DedupThreshold: p.DedupThreshold, MinDocTokens: p.MinDocTokens, LostInMiddle: p.LostInMiddle,
			ShingleSize: p.ShingleSize, SummarizeOverflow: p.SummarizeOverflow, Rerank: rerank,
		},
		queries, aggOut,
	}
}

// nonNil writes an empty list as [] rather than null.
func nonNil(ids []string) []string {
	if ids == nil {
		return []string{}
	}
	return ids
}
