package core

import (
	"fmt"

	"ctxlab/core/pipeline"
	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// buildSimpleRAG runs the article's RAGContextManager as the article
// feeds it: a reranked selection in the reranker's order
// (retrieve_with_reranking formats it so), otherwise the top_k documents
// by score, which is all its vector_store.search returns. The documents
// the builder saw become ev.Documents, so every view follows the same
// selection.
func buildSimpleRAG(ev *Evaluation, s Settings) *pipeline.SimpleRAGResult {
	tok := s.Pipeline.Tokenizer
	if ev.Rerank != nil {
		rag := pipeline.BuildSimpleRAGInOrder(ev.Documents, s.Budget.RetrievedContext, tok)
		return &rag
	}
	if kept := pipeline.TopKByScore(ev.Documents, s.RAGTopK); len(kept) < len(ev.Documents) {
		docs := make([]value.Document, len(kept))
		index := make([]int, len(kept))
		for i, k := range kept {
			docs[i], index[i] = ev.Documents[k], ev.InputIndex(k)
		}
		ev.Notes = withNote(ev.Notes, fmt.Sprintf("the rag builder's top_k of %s passed it the %s highest-scoring of %s documents, as the article's vector_store.search(limit=top_k) does",
			numfmt.Thousands(s.RAGTopK), numfmt.Thousands(len(kept)), numfmt.Thousands(len(ev.Documents))))
		ev.Documents, ev.docIndex = docs, index
		ev.Analysis = pipeline.Analyze(docs)
		ev.selected = true
	}
	rag := pipeline.BuildSimpleRAG(ev.Documents, s.Budget.RetrievedContext, tok)
	return &rag
}
