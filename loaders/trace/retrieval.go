package trace

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"ctxlab/core"
	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

// IsRetrieval says whether a span is a retrieval: an OpenInference
// RETRIEVER span, or any span that records retrieval.documents.
func IsRetrieval(sp *Span) bool {
	if sp.Retrieval != nil {
		return true
	}
	if strings.EqualFold(str(sp.Attrs, "openinference.span.kind"), "RETRIEVER") {
		return true
	}
	return hasPrefix(sp.Attrs, "retrieval.documents.")
}

// Retrieval is what a retrieval span recorded: its query and the
// documents it returned, in their order.
type Retrieval struct {
	SpanID, TraceID, Name string
	Query                 string
	Docs                  []value.Document
	Notes                 []string
}

// RetrievalOf reads OpenInference's retrieval.documents.N.document.{id,
// content, score, metadata} and the query in input.value. A document's id
// is its document.id, else its metadata's id; its source is its
// metadata's source or url, else the id. A document without a score
// scores 1, as a document record without one does.
func RetrievalOf(sp *Span) *Retrieval {
	if sp.Retrieval != nil {
		r := *sp.Retrieval
		r.Notes = append([]string(nil), r.Notes...)
		return &r
	}
	r := &Retrieval{SpanID: sp.SpanID, TraceID: sp.TraceID, Name: sp.Name, Query: queryOf(sp)}
	var docs []RetrievedDoc
	for _, d := range indexed(sp.Attrs, "retrieval.documents.") {
		score, scored := number(d["document.score"])
		docs = append(docs, RetrievedDoc{Content: text(d["document.content"]), ID: idText(d["document.id"]),
			Score: score, Scored: scored, Meta: asMap(decoded(d["document.metadata"]))})
	}
	r.AddDocs(docs, RetrievalWords{
		NoDocs:   "the span records no documents (retrieval.documents.N.document.*)",
		NoScores: "the span records no document scores: every document scores 1",
		NoIDs:    "the span records no document ids (document.id)",
		NoQuery:  "the span records no query (input.value)",
	})
	return r
}

// queryOf is a retrieval's query: input.value as text, or the query or
// input field of a JSON input.value.
func queryOf(sp *Span) string {
	in := str(sp.Attrs, "input.value")
	if m := asMap(decoded(in)); m != nil {
		for _, key := range []string{"query", "input", "question"} {
			if q, ok := m[key].(string); ok {
				return q
			}
		}
	}
	return in
}

func idText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int64:
		return fmt.Sprint(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	}
	return 0, false
}

// OpenRetrieval opens a retrieval span of a traces file as a document
// set with its query, under the default settings, as --docs opens one.
func OpenRetrieval(path, spanID string) (*core.Scenario, error) {
	sp, _, err := findSpan(path, spanID, "", IsRetrieval, "a retrieval span")
	if err != nil {
		return nil, err
	}
	if !IsRetrieval(sp) {
		msg := fmt.Sprintf("span %s (%s) is not a retrieval; expected a span with openinference.span.kind RETRIEVER or retrieval.documents (ctxlab traces FILE lists them)", sp.SpanID, safeQuote(sp.Name))
		if IsLLM(sp) {
			msg = fmt.Sprintf("span %s (%s) is an LLM call, not a retrieval: open it with --request FILE --span-id ID", sp.SpanID, safeQuote(sp.Name))
		}
		return nil, &loaders.Error{Name: path, Line: sp.Line, Msg: msg}
	}
	r := RetrievalOf(sp)
	s := core.DefaultSettings()
	s.Query = r.Query
	query := "no query"
	if r.Query != "" {
		query = "query " + fmt.Sprintf("%q", r.Query)
	}
	return &core.Scenario{
		Name:        r.SpanID,
		Origin:      path + " · span " + r.SpanID,
		Description: fmt.Sprintf("retrieval span %s · %s · %s", r.SpanID, numfmt.Count(len(r.Docs), "document", "documents"), query),
		Documents:   r.Docs,
		Settings:    s,
		Notes:       r.Notes,
	}, nil
}

// RunRecord is the retrieval as one line of a JSON Lines run for ctxlab
// eval: {"qid": the span id, "query", "docs": [{"id", "text", "score"}]}.
// A document's id is its id, else its source, else its place ("doc-3");
// an id seen before in the span gets "#2", "#3", ... so that each is
// judged apart. unnamed counts the documents that had neither id nor
// source.
func (r *Retrieval) RunRecord() (line []byte, unnamed int, err error) {
	type doc struct {
		ID    string  `json:"id"`
		Text  string  `json:"text"`
		Score float64 `json:"score"`
	}
	rec := struct {
		QID   string `json:"qid"`
		Query string `json:"query"`
		Docs  []doc  `json:"docs"`
	}{QID: r.SpanID, Query: r.Query, Docs: []doc{}}
	seen := map[string]int{}
	for i, d := range r.Docs {
		id := idText(d.Metadata["id"])
		if id == "" {
			id = d.Source
		}
		if id == "" {
			id = fmt.Sprintf("doc-%d", i+1)
			unnamed++
		}
		seen[id]++
		if n := seen[id]; n > 1 {
			id = fmt.Sprintf("%s#%d", id, n)
		}
		rec.Docs = append(rec.Docs, doc{ID: id, Text: d.Content, Score: d.Score})
	}
	line, err = json.Marshal(rec)
	return line, unnamed, err
}
