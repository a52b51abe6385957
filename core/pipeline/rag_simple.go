package pipeline

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"ctxlab/core/pycompat"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// simpleRAGPartialMin is the article's threshold: the first chunk that
// does not fit is cut to the remaining budget only when strictly more than
// this many tokens remain.
const simpleRAGPartialMin = 100

// DefaultSimpleRAGTopK is the article's RAGContextManager top_k.
const DefaultSimpleRAGTopK = 10

// SimpleRAGSeparator joins formatted chunks in the article's block.
const SimpleRAGSeparator = "\n\n---\n\n"

// SimpleRAGChunk is the article's RetrievedChunk: a chunk as placed in the
// block.
type SimpleRAGChunk struct {
	// Index is the chunk's document's position in the input.
	Index  int     `json:"index"`
	Text   string  `json:"text"`
	Source string  `json:"source"`
	Score  float64 `json:"score"`
	// TokenCount is the article's token_count: the chunk's tokens, or for
	// the cut chunk the remaining budget it was cut to.
	TokenCount int `json:"token_count"`
}

// SimpleRAGFate is what the article's RAGContextManager did with a
// document.
type SimpleRAGFate string

const (
	// SimpleRAGIncluded: added whole.
	SimpleRAGIncluded SimpleRAGFate = "included"
	// SimpleRAGTruncated: the first that did not fit, cut to the
	// remaining budget because more than 100 tokens remained.
	SimpleRAGTruncated SimpleRAGFate = "truncated"
	// SimpleRAGDropped: the first that did not fit, left out because 100
	// tokens or fewer remained.
	SimpleRAGDropped SimpleRAGFate = "dropped"
	// SimpleRAGNotReached: after the first miss; the manager stops there
	// even when a smaller chunk further down would have fit.
	SimpleRAGNotReached SimpleRAGFate = "not_reached"
)

// SimpleRAGDocTrace is one input document's fate.
type SimpleRAGDocTrace struct {
	Index  int     `json:"index"`
	Source string  `json:"source"`
	Score  float64 `json:"score"`
	Tokens int     `json:"tokens"`
	// Rank is the 0-based position in the walk (after sorting by score,
	// or in the reranker's order).
	Rank int           `json:"rank"`
	Fate SimpleRAGFate `json:"fate"`
	// TokensKept is the tokenizer's count of the text placed in the
	// block: all of it, the cut part, or 0.
	TokensKept int `json:"tokens_kept"`
	// Citation is the document's "Source i" number, 0 when absent.
	Citation int    `json:"citation,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

// SimpleRAGResult is the article's retrieve_context output with the trace
// the workbench shows beside it.
type SimpleRAGResult struct {
	ContextBlock string           `json:"context_block"`
	Chunks       []SimpleRAGChunk `json:"chunks"`
	// TokensCounted is the manager's running total: the sum of the chunks'
	// token_count. The block itself (TokensUsed) is larger by the headers
	// and separators, which the article does not budget.
	TokensCounted int `json:"tokens_counted"`
	TokensUsed    int `json:"tokens_used"`
	Budget        int `json:"budget"`
	// Trace has one entry per input document, by input index.
	Trace []SimpleRAGDocTrace `json:"trace"`
	// Order is the input indices as walked: sorted by score, or the
	// reranker's order (BuildSimpleRAGInOrder).
	Order []int `json:"order"`
}

// BuildSimpleRAG is the article's RAGContextManager.retrieve_context on
// documents already retrieved: sort by score, highest first (ties keep
// input order, as Python's stable sort does); add whole chunks while they
// fit the budget; cut the first that does not, keeping its start, when
// more than 100 tokens remain; then stop either way.
func BuildSimpleRAG(docs []value.Document, budgetTokens int, tok tokens.Tokenizer) SimpleRAGResult {
	return buildSimpleRAG(docs, budgetTokens, tok, SimpleRAGByScore(docs))
}

// BuildSimpleRAGInOrder is BuildSimpleRAG on documents already in the
// order they are to be formatted: the article's retrieve_with_reranking
// hands the reranker's order to _format_chunks, so BM25's doc4, doc3,
// doc9 stay in that order rather than being sorted by retrieval score
// again.
func BuildSimpleRAGInOrder(docs []value.Document, budgetTokens int, tok tokens.Tokenizer) SimpleRAGResult {
	order := make([]int, len(docs))
	for i := range docs {
		order[i] = i
	}
	return buildSimpleRAG(docs, budgetTokens, tok, order)
}

// FormatSimpleRAGAll is the last stage of the article's
// retrieve_with_reranking: every document, in the order given (the
// reranker's), formatted whole by _format_chunks with no budget walk;
// the assembler then cuts the block to its allocation. budgetTokens is
// the allocation the block will be cut to, kept for the report.
func FormatSimpleRAGAll(docs []value.Document, budgetTokens int, tok tokens.Tokenizer) SimpleRAGResult {
	res := SimpleRAGResult{Budget: budgetTokens, Trace: make([]SimpleRAGDocTrace, len(docs)), Order: make([]int, len(docs))}
	for i, d := range docs {
		n := tok.Count(d.Content)
		res.Order[i] = i
		res.Chunks = append(res.Chunks, SimpleRAGChunk{Index: i, Text: d.Content, Source: d.Source, Score: d.Score, TokenCount: n})
		res.TokensCounted += n
		res.Trace[i] = SimpleRAGDocTrace{Index: i, Source: d.Source, Score: d.Score, Tokens: n, Rank: i, Fate: SimpleRAGIncluded,
			TokensKept: n, Citation: i + 1, Reason: "formatted whole, as the article's retrieve_with_reranking does; the assembler cuts the block to its allocation"}
	}
	res.ContextBlock = FormatSimpleRAGChunks(res.Chunks)
	res.TokensUsed = tok.Count(res.ContextBlock)
	return res
}

// SimpleRAGByScore is the article's walk order: input indices by score,
// highest first (ties keep input order, as Python's stable sort does).
func SimpleRAGByScore(docs []value.Document) []int {
	order := make([]int, len(docs))
	for i := range docs {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool {
		return simpleRAGScoreAbove(docs[order[x]].Score, docs[order[y]].Score)
	})
	return order
}

func buildSimpleRAG(docs []value.Document, budgetTokens int, tok tokens.Tokenizer, order []int) SimpleRAGResult {
	res := SimpleRAGResult{Budget: budgetTokens, Trace: make([]SimpleRAGDocTrace, len(docs)), Order: order}

	total := 0
	stopped := false
	for rank, i := range res.Order {
		d := docs[i]
		docTokens := tok.Count(d.Content)
		tr := SimpleRAGDocTrace{Index: i, Source: d.Source, Score: d.Score, Tokens: docTokens, Rank: rank}
		switch {
		case stopped:
			tr.Fate = SimpleRAGNotReached
			tr.Reason = "the manager stopped at the first chunk that did not fit"
		case total+docTokens > budgetTokens:
			stopped = true
			remaining := budgetTokens - total
			if remaining > simpleRAGPartialMin {
				text := tok.Truncate(d.Content, remaining, tokens.KeepStart)
				res.Chunks = append(res.Chunks, SimpleRAGChunk{Index: i, Text: text, Source: d.Source, Score: d.Score, TokenCount: remaining})
				res.TokensCounted += remaining
				tr.Fate, tr.TokensKept, tr.Citation = SimpleRAGTruncated, tok.Count(text), len(res.Chunks)
				tr.Reason = fmt.Sprintf("%s tokens did not fit; cut to the %s remaining", numfmt.Thousands(docTokens), numfmt.Thousands(remaining))
			} else {
				tr.Fate = SimpleRAGDropped
				tr.Reason = fmt.Sprintf("%s tokens did not fit; %s remaining is not more than %s", numfmt.Thousands(docTokens), numfmt.Thousands(remaining), numfmt.Thousands(simpleRAGPartialMin))
			}
		default:
			res.Chunks = append(res.Chunks, SimpleRAGChunk{Index: i, Text: d.Content, Source: d.Source, Score: d.Score, TokenCount: docTokens})
			total += docTokens
			res.TokensCounted += docTokens
			tr.Fate, tr.TokensKept, tr.Citation = SimpleRAGIncluded, docTokens, len(res.Chunks)
		}
		res.Trace[i] = tr
	}
	res.ContextBlock = FormatSimpleRAGChunks(res.Chunks)
	res.TokensUsed = tok.Count(res.ContextBlock)
	return res
}

// simpleRAGScoreAbove orders scores highest first. NaN, which Python
// would compare unpredictably, sorts last so the order is deterministic.
func simpleRAGScoreAbove(a, b float64) bool {
	if math.IsNaN(b) {
		return !math.IsNaN(a)
	}
	return a > b
}

// FormatSimpleRAGChunks is the article's _format_chunks: each chunk as
// "[Source i: SOURCE (relevance: 0.00)]\nTEXT", numbered from 1, joined by
// "\n\n---\n\n". The relevance is always shown, unlike in Build's headers.
// The retrieve-then-rerank path formats its selection with it too.
func FormatSimpleRAGChunks(chunks []SimpleRAGChunk) string {
	var b strings.Builder
	for i, c := range chunks {
		if i > 0 {
			b.WriteString(SimpleRAGSeparator)
		}
		b.WriteString("[Source ")
		b.WriteString(strconv.Itoa(i + 1))
		b.WriteString(": ")
		b.WriteString(c.Source)
		b.WriteString(" (relevance: ")
		b.WriteString(pycompat.FormatRelevance(c.Score))
		b.WriteString(")]\n")
		b.WriteString(c.Text)
	}
	return b.String()
}

// TopKByScore returns the input indices of the k highest-scoring
// documents in input order, as a vector store's search(limit=k) would
// return them to the builder; k <= 0 or k >= len(docs) keeps every one.
func TopKByScore(docs []value.Document, k int) []int {
	order := SimpleRAGByScore(docs)
	if k > 0 && k < len(order) {
		order = order[:k]
	}
	sort.Ints(order)
	return order
}
