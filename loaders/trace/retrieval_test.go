package trace

import (
	"strings"
	"testing"
)

const retrievalTraces = "testdata/openinference-retrieval/traces.jsonl"

// The LangChain retriever's spans, as OpenInference recorded them.
func TestRetrievalFixture(t *testing.T) {
	var spans []*Span
	if err := Scan(retrievalTraces, func(sp *Span) error {
		if IsRetrieval(sp) {
			spans = append(spans, sp)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(spans) != 2 {
		t.Fatalf("%d retrieval spans, want 2", len(spans))
	}
	r := RetrievalOf(spans[0])
	if r.Query != "What is Pydantic AI?" || len(r.Docs) != 4 {
		t.Fatalf("query %q, %d documents; want the recorded query and 4", r.Query, len(r.Docs))
	}
	for i, d := range r.Docs {
		if d.Content == "" || !strings.HasPrefix(d.Source, "https://") || d.Metadata["title"] == nil || d.Score <= 0 || d.Score > 1 {
			t.Errorf("document %d: %+v", i+1, d)
		}
		if i > 0 && d.Score > r.Docs[i-1].Score {
			t.Errorf("document %d scores %v, above the one before it: not the retriever's order", i+1, d.Score)
		}
	}
	if r.Docs[0].Score != 1 || r.Docs[3].Score != 0.5 {
		t.Errorf("scores %v and %v; want the metadata's 1 and 0.5", r.Docs[0].Score, r.Docs[3].Score)
	}
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "no document ids") {
		t.Errorf("notes %q", r.Notes)
	}
	sc, err := OpenRetrieval(retrievalTraces, spans[1].SpanID)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Settings.Query != "transformer architectures" || len(sc.Documents) == 0 {
		t.Errorf("opened: query %q, %d documents", sc.Settings.Query, len(sc.Documents))
	}
	if _, err := OpenRetrieval(oiTraces, llmSpans(t, oiTraces)[0].SpanID); err == nil || !strings.Contains(err.Error(), "is an LLM call, not a retrieval") {
		t.Errorf("an LLM span as a retrieval: %v", err)
	}
}

// document.id and document.score, where an instrumentation records them.
func TestRetrievalIDsAndScores(t *testing.T) {
	attrs := strKV("openinference.span.kind", `"RETRIEVER"`) + `,` + strKV("input.value", `"{\"query\":\"q1\"}"`) + `,` +
		strKV("retrieval.documents.0.document.id", `"doc-7"`) + `,` + strKV("retrieval.documents.0.document.content", `"seven"`) + `,` +
		`{"key":"retrieval.documents.0.document.score","value":{"doubleValue":0.82}},` +
		strKV("retrieval.documents.1.document.content", `"eight"`) + `,` +
		strKV("retrieval.documents.1.document.metadata", `"{\"id\":8,\"source\":\"kb/8.md\"}"`)
	r := RetrievalOf(oneSpan(t, spanLine(attrs, "")))
	if r.Query != "q1" || len(r.Docs) != 2 {
		t.Fatalf("%+v", r)
	}
	if d := r.Docs[0]; d.Metadata["id"] != "doc-7" || d.Source != "doc-7" || d.Score != 0.82 || d.Content != "seven" {
		t.Errorf("first: %+v", d)
	}
	if d := r.Docs[1]; d.Metadata["id"] != "8" || d.Source != "kb/8.md" || d.Score != 1 {
		t.Errorf("second: %+v", d)
	}
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "1 of 2 documents have no score") {
		t.Errorf("notes %q", r.Notes)
	}
}
