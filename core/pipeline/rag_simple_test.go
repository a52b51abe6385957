package pipeline

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

func ragDoc(source string, score float64, nWords int) value.Document {
	return value.Document{Source: source, Score: score, Content: testtext.PaddedWords(source+"w", nWords)}
}

func ragFates(res SimpleRAGResult) []SimpleRAGFate {
	out := make([]SimpleRAGFate, len(res.Trace))
	for i, tr := range res.Trace {
		out[i] = tr.Fate
	}
	return out
}

func TestBuildSimpleRAG(t *testing.T) {
	cases := []struct {
		name      string
		docs      []value.Document
		budget    int
		fates     []SimpleRAGFate // by input index
		order     []int
		counted   int
		keptOfCut int // TokensKept of the truncated document, if any
	}{
		{
			// d1 misses with 17 tokens left; the manager stops, so d2
			// (3 tokens, would fit) is never reached.
			name:    "stops after the first miss",
			docs:    []value.Document{ragDoc("a", 0.9, 10), ragDoc("b", 0.8, 20), ragDoc("c", 0.7, 3)},
			budget:  30,
			fates:   []SimpleRAGFate{SimpleRAGIncluded, SimpleRAGDropped, SimpleRAGNotReached},
			order:   []int{0, 1, 2},
			counted: 13,
		},
		{
			name:    "exactly 100 remaining is not enough",
			docs:    []value.Document{ragDoc("a", 0.9, 100), ragDoc("b", 0.8, 200)}, // 130, 260 tokens
			budget:  230,
			fates:   []SimpleRAGFate{SimpleRAGIncluded, SimpleRAGDropped},
			order:   []int{0, 1},
			counted: 130,
		},
		{
			// 101 remaining: cut to int(101/1.3) = 77 words = 100 tokens,
			// recorded by the article as token_count = 101.
			name:      "101 remaining cuts the chunk",
			docs:      []value.Document{ragDoc("a", 0.9, 100), ragDoc("b", 0.8, 200), ragDoc("c", 0.1, 1)},
			budget:    231,
			fates:     []SimpleRAGFate{SimpleRAGIncluded, SimpleRAGTruncated, SimpleRAGNotReached},
			order:     []int{0, 1, 2},
			counted:   231,
			keptOfCut: 100,
		},
		{
			name:    "sorted by score, ties in input order",
			docs:    []value.Document{ragDoc("a", 0.5, 1), ragDoc("b", 0.9, 1), ragDoc("c", 0.5, 1), ragDoc("d", 0.9, 1)},
			budget:  100,
			fates:   []SimpleRAGFate{SimpleRAGIncluded, SimpleRAGIncluded, SimpleRAGIncluded, SimpleRAGIncluded},
			order:   []int{1, 3, 0, 2},
			counted: 4,
		},
		{
			name:    "first chunk too big with little budget",
			docs:    []value.Document{ragDoc("a", 0.9, 100)},
			budget:  50,
			fates:   []SimpleRAGFate{SimpleRAGDropped},
			order:   []int{0},
			counted: 0,
		},
		{
			name:    "empty document fits a zero budget",
			docs:    []value.Document{{Source: "e", Score: 0.4}},
			budget:  0,
			fates:   []SimpleRAGFate{SimpleRAGIncluded},
			order:   []int{0},
			counted: 0,
		},
		{name: "no documents", budget: 10, fates: []SimpleRAGFate{}, order: []int{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := BuildSimpleRAG(c.docs, c.budget, tokens.Heuristic{})
			if got := ragFates(res); !reflect.DeepEqual(got, c.fates) {
				t.Errorf("fates = %v, want %v", got, c.fates)
			}
			if !reflect.DeepEqual(res.Order, c.order) {
				t.Errorf("order = %v, want %v", res.Order, c.order)
			}
			if res.TokensCounted != c.counted {
				t.Errorf("TokensCounted = %d, want %d", res.TokensCounted, c.counted)
			}
			for _, tr := range res.Trace {
				if tr.Fate == SimpleRAGTruncated && tr.TokensKept != c.keptOfCut {
					t.Errorf("cut document kept %d tokens, want %d", tr.TokensKept, c.keptOfCut)
				}
				if tr.Fate != SimpleRAGIncluded && tr.Fate != SimpleRAGTruncated && (tr.Citation != 0 || tr.TokensKept != 0) {
					t.Errorf("absent document %d has citation %d, kept %d", tr.Index, tr.Citation, tr.TokensKept)
				}
				if tr.Fate != SimpleRAGIncluded && tr.Reason == "" {
					t.Errorf("document %d (%s) has no reason", tr.Index, tr.Fate)
				}
			}
			if res.TokensUsed != (tokens.Heuristic{}).Count(res.ContextBlock) {
				t.Errorf("TokensUsed = %d", res.TokensUsed)
			}
		})
	}
}

func TestBuildSimpleRAGTruncatedChunk(t *testing.T) {
	docs := []value.Document{ragDoc("a", 0.9, 100), ragDoc("b", 0.8, 200)}
	res := BuildSimpleRAG(docs, 231, tokens.Heuristic{})
	if len(res.Chunks) != 2 {
		t.Fatalf("chunks = %d", len(res.Chunks))
	}
	cut := res.Chunks[1]
	if cut.Index != 1 || cut.TokenCount != 101 || cut.Text != testtext.PaddedWords("bw", 77) {
		t.Errorf("cut chunk = index %d token_count %d text %q…", cut.Index, cut.TokenCount, cut.Text[:20])
	}
	if tr := res.Trace[1]; tr.Citation != 2 || tr.Rank != 1 {
		t.Errorf("trace = %+v", tr)
	}
}

func TestFormatSimpleRAGChunks(t *testing.T) {
	chunks := []SimpleRAGChunk{
		{Text: "Refunds take 5 days.", Source: "kb/refunds.md", Score: 0.875},
		{Text: "Shipping is free.", Source: "", Score: 1},
		{Text: "x", Source: "faq", Score: 0.125},
	}
	want := "[Source 1: kb/refunds.md (relevance: 0.88)]\nRefunds take 5 days." +
		"\n\n---\n\n[Source 2:  (relevance: 1.00)]\nShipping is free." +
		"\n\n---\n\n[Source 3: faq (relevance: 0.12)]\nx"
	if got := FormatSimpleRAGChunks(chunks); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := FormatSimpleRAGChunks(nil); got != "" {
		t.Errorf("no chunks = %q", got)
	}
}

func TestBuildSimpleRAGO200K(t *testing.T) {
	tok, _ := tokens.ByName(tokens.TokenizerO200K)
	long := strings.Repeat("The refund window is thirty days from delivery. ", 40)
	docs := []value.Document{
		{Source: "short", Score: 0.95, Content: "Refunds go to the original card."},
		{Source: "long", Score: 0.9, Content: long},
	}
	budget := tok.Count(docs[0].Content) + 150
	res := BuildSimpleRAG(docs, budget, tok)
	if res.Trace[1].Fate != SimpleRAGTruncated || res.Chunks[1].TokenCount != 150 {
		t.Fatalf("trace %+v", res.Trace[1])
	}
	if !strings.HasPrefix(long, res.Chunks[1].Text) || res.Trace[1].TokensKept > 150 {
		t.Errorf("cut chunk is not the start of the document within 150 tokens: kept %d", res.Trace[1].TokensKept)
	}
	if !strings.HasPrefix(res.ContextBlock, "[Source 1: short (relevance: 0.95)]\nRefunds go to the original card.\n\n---\n\n[Source 2: long (relevance: 0.90)]\nThe refund window") {
		t.Errorf("block starts %q", res.ContextBlock[:120])
	}
}

func BenchmarkBuildSimpleRAG(b *testing.B) {
	o200k, _ := tokens.ByName(tokens.TokenizerO200K)
	docs := make([]value.Document, 20)
	for i := range docs {
		docs[i] = value.Document{Source: fmt.Sprintf("doc-%d", i), Score: float64(i%7) / 7, Content: testtext.BenchText(300, i)}
	}
	for _, tok := range []tokens.Tokenizer{tokens.Heuristic{}, o200k} {
		b.Run(tok.Name(), func(b *testing.B) {
			BuildSimpleRAG(docs, 4000, tok)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				BuildSimpleRAG(docs, 4000, tok)
			}
		})
	}
}

// The article's retrieve_with_reranking formats the reranker's selection
// in the reranker's order: a weaker retrieval score placed first by the
// reranker stays first.
func TestBuildSimpleRAGInOrderKeepsTheRerankersOrder(t *testing.T) {
	docs := []value.Document{
		{Content: "doc four text", Score: 0.4, Source: "doc4"},
		{Content: "doc three text", Score: 0.3, Source: "doc3"},
		{Content: "doc nine text", Score: 0.9, Source: "doc9"},
	}
	res := BuildSimpleRAGInOrder(docs, 4000, tokens.Heuristic{})
	var sources []string
	for _, c := range res.Chunks {
		sources = append(sources, c.Source)
	}
	if got := strings.Join(sources, " "); got != "doc4 doc3 doc9" {
		t.Errorf("formatted %s, want doc4 doc3 doc9", got)
	}
	if !strings.HasPrefix(res.ContextBlock, "[Source 1: doc4 (relevance: 0.40)]") {
		t.Errorf("block starts %q", res.ContextBlock[:40])
	}
	if byScore := BuildSimpleRAG(docs, 4000, tokens.Heuristic{}); byScore.Chunks[0].Source != "doc9" {
		t.Errorf("the plain builder sorts by score: first %s", byScore.Chunks[0].Source)
	}
}
