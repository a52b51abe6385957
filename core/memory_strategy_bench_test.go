package core

import (
	"fmt"
	"testing"
)

// benchHistory is a 200-message support conversation: the example's
// turns repeated with fresh order ids, so every fold has facts to keep.
func benchHistory() []Message {
	history := make([]Message, 0, 200)
	for i := 0; len(history) < 200; i++ {
		for _, m := range supportConversation {
			if len(history) == 200 {
				break
			}
			history = append(history, Message{Role: m.Role, Content: m.Content + fmt.Sprintf(" (case %d)", i)})
		}
	}
	return history
}

func BenchmarkApplyMemory(b *testing.B) {
	history := benchHistory()
	o200k, _ := TokenizerByName(TokenizerO200K)
	for _, tok := range []Tokenizer{Heuristic{}, o200k} {
		tok.Count("warm up")
		for _, s := range MemoryStrategies {
			b.Run(fmt.Sprintf("%s/%s", s, tok.Name()), func(b *testing.B) {
				opts := DefaultMemoryOptions()
				opts.Strategy = s
				opts.MaxTokens = 2000
				for b.Loop() {
					if _, err := applyMemory(history, opts, tok, nil); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkExtractiveSummarize(b *testing.B) {
	req := SummaryRequest{Previous: "", Messages: benchHistory()[:30]}
	for b.Loop() {
		if _, err := (ExtractiveSummarizer{}).Summarize(b.Context(), req); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSplitIntoChunks(b *testing.B) {
	doc := longDoc(400, 120) // ~48k words
	for b.Loop() {
		SplitIntoChunks(doc, 4000, Heuristic{})
	}
}

func BenchmarkBM25Rerank(b *testing.B) {
	docs := make([]Document, 20)
	for i := range docs {
		docs[i] = Document{Content: longDoc(3, 100)}
	}
	for b.Loop() {
		BM25Reranker{}.Rerank("clause1 w4 w17 refund", docs, 5)
	}
}
