package pipeline

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// Reranker reorders retrieved documents by relevance to the query: the
// article's second retrieval stage.
type Reranker interface {
	// Rerank returns at most topK hits, best first; Index points into
	// docs. topK <= 0 means all of them.
	Rerank(query string, docs []value.Document, topK int) []RerankHit
}

// RerankHit is one reranked document.
type RerankHit struct {
	Index int     `json:"index"`
	Score float64 `json:"score"`
}

// The article's retrieve_with_reranking defaults.
const (
	DefaultRerankInitialK = 20
	DefaultRerankFinalK   = 5
)

// RerankFate is where a candidate ended up in the two stages.
type RerankFate string

const (
	RerankNotRetrieved RerankFate = "not-retrieved" // below initial_k by retrieval score
	RerankRerankedOut  RerankFate = "reranked-out"  // retrieved, then below final_k after reranking
	RerankSelected     RerankFate = "selected"      // in the final_k
)

// RerankCandidate is one input document's path through both stages.
type RerankCandidate struct {
	Index  int    `json:"index"` // position in the input
	Source string `json:"source"`
	// RetrievalScore is the document's own score; RetrievalRank its
	// 0-based rank by that score (ties keep input order).
	RetrievalScore float64    `json:"retrieval_score"`
	RetrievalRank  int        `json:"retrieval_rank"`
	Fate           RerankFate `json:"fate"`
	// RerankScore and RerankRank (0-based, best first) are set for the
	// retrieved; RerankRank is -1 for the others.
	RerankScore float64 `json:"rerank_score"`
	RerankRank  int     `json:"rerank_rank"`
}

// RerankResult is the outcome of RetrieveWithRerank.
type RerankResult struct {
	Query    string `json:"query"`
	InitialK int    `json:"initial_k"`
	FinalK   int    `json:"final_k"`
	// Selected are the final documents in reranked order, as the article
	// hands them to _format_chunks; SelectedIndices are their input
	// positions.
	Selected        []value.Document  `json:"selected"`
	SelectedIndices []int             `json:"selected_indices"`
	Candidates      []RerankCandidate `json:"candidates"` // input order
	// Retrieved are the indexes into Candidates of the first stage's
	// pool, best retrieval score first: what the reranker ranked.
	Retrieved []int    `json:"retrieved"`
	Notes     []string `json:"notes,omitempty"`
}

// RetrieveWithRerank is the article's retrieve_with_reranking over
// candidates a retriever already scored: stage 1 keeps the initialK best
// by Document.Score (the vector search's limit), stage 2 reranks those
// against the query and keeps finalK. initialK or finalK <= 0 mean the
// article's 20 and 5; a nil reranker means BM25 (ctxlab's choice: the
// article leaves the reranker abstract).
//
// The reranker ranks the whole stage-1 pool rather than only its top
// finalK, so the trace can show where each reranked-out document landed;
// a deterministic reranker selects the same documents either way.
func RetrieveWithRerank(query string, candidates []value.Document, r Reranker, initialK, finalK int) RerankResult {
	return RetrieveWithRerankScores(query, candidates, r, initialK, finalK, ScoresSimilarity)
}

// RetrieveWithRerankScores is RetrieveWithRerank with stage 1 ranking by
// kind: under distances the initialK lowest scores are the best.
func RetrieveWithRerankScores(query string, candidates []value.Document, r Reranker, initialK, finalK int, kind ScoreKind) RerankResult {
	if initialK <= 0 {
		initialK = DefaultRerankInitialK
	}
	if finalK <= 0 {
		finalK = DefaultRerankFinalK
	}
	if r == nil {
		r = BM25Reranker{}
	}
	res := RerankResult{Query: query, InitialK: initialK, FinalK: finalK, Candidates: make([]RerankCandidate, len(candidates))}

	byScore := make([]int, len(candidates))
	for i, d := range candidates {
		byScore[i] = i
		res.Candidates[i] = RerankCandidate{Index: i, Source: d.Source, RetrievalScore: d.Score, Fate: RerankNotRetrieved, RerankRank: -1}
	}
	slices.SortStableFunc(byScore, func(a, b int) int {
		if kind == ScoresDistance {
			return rerankCompareDesc(-candidates[a].Score, -candidates[b].Score)
		}
		return rerankCompareDesc(candidates[a].Score, candidates[b].Score)
	})
	for rank, i := range byScore {
		res.Candidates[i].RetrievalRank = rank
	}
	pool := byScore[:min(initialK, len(byScore))]
	res.Retrieved = slices.Clone(pool)
	poolDocs := make([]value.Document, len(pool))
	for j, i := range pool {
		poolDocs[j] = candidates[i]
		res.Candidates[i].Fate = RerankRerankedOut
	}

	seen := make([]bool, len(pool))
	rank := 0
	for _, hit := range r.Rerank(query, poolDocs, len(pool)) {
		if hit.Index < 0 || hit.Index >= len(pool) || seen[hit.Index] {
			res.Notes = append(res.Notes, fmt.Sprintf("reranker returned an invalid or repeated index %d; ignored", hit.Index))
			continue
		}
		seen[hit.Index] = true
		i := pool[hit.Index]
		c := &res.Candidates[i]
		c.RerankScore, c.RerankRank = hit.Score, rank
		if rank < finalK {
			c.Fate = RerankSelected
			res.Selected = append(res.Selected, candidates[i])
			res.SelectedIndices = append(res.SelectedIndices, i)
		}
		rank++
	}
	if n := len(candidates) - len(pool); n > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%s candidates below initial_k=%s by retrieval score were never reranked", numfmt.Thousands(n), numfmt.Thousands(initialK)))
	}
	res.Notes = append(res.Notes, RerankUnbudgetedNote)
	return res
}

// RerankUnbudgetedNote is the note that says the article's
// retrieve_with_reranking leaves the selection unbudgeted; the caller
// says how ctxlab budgets it.
const RerankUnbudgetedNote = "the article formats the selected chunks without applying budget_tokens"

// rerankCompareDesc orders scores high to low with NaN last, so a bad
// score cannot scramble a stable sort.
func rerankCompareDesc(a, b float64) int {
	switch an, bn := math.IsNaN(a), math.IsNaN(b); {
	case an && bn:
		return 0
	case an:
		return 1
	case bn:
		return -1
	}
	return cmp.Compare(b, a)
}
