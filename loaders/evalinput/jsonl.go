package evalinput

import (
	"ctxlab/core/evalrun"
	"ctxlab/core/value"
	"ctxlab/loaders"
)

// runQueryJSONL is the one-query-a-line run layout:
//
//	{"qid": "q1", "query": "...", "docs": [{"id": "d1", "title": "...", "text": "...", "score": 0.8}, ...]}
//
// with "_id" or "query_id" for qid, "text" for query, "documents",
// "retrieved" or "results" for docs, and "_id", "doc_id" or "docid" for a
// document's id and "content" for its text accepted too.
const runQueryJSONL = `an object with "qid", "query" and "docs": [{"id", "title", "text", "score"}]`

// parseRunJSONL reads a run of one query a line with its documents. A
// titled document's content is its text alone: titles says what to join
// to it (joinTitles) once lines are no longer held.
func parseRunJSONL(name string, lines []numberedLine) (queries []evalrun.Query, titles []docTitle, err error) {
	queries = make([]evalrun.Query, 0, len(lines))
	seen := map[string]int{}
	for _, l := range lines {
		obj, p, qid, err := idLine(name, l, runQueryJSONL, "qid", "query_id", "_id", "id")
		if err != nil {
			return nil, nil, err
		}
		if first, dup := seen[qid]; dup {
			return nil, nil, p.Err(name, "query %s is already on line %d; expected each query once", loaders.Quoted(qid), first)
		}
		seen[qid] = l.number
		text, _, err := firstString(p, name, obj, "query", "text")
		if err != nil {
			return nil, nil, err
		}
		q := evalrun.Query{ID: qid, Text: text}
		var list []any
		for _, key := range []string{"docs", "documents", "retrieved", "results"} {
			if v, present := obj[key]; present {
				var ok bool
				if list, ok = loaders.AsList(v); !ok {
					return nil, nil, p.Err(name, "%q is %s; expected a list of documents", key, loaders.Describe(v))
				}
				break
			}
		}
		docIDs := map[string]int{}
		for i, item := range list {
			doc, title, err := jsonlDocument(p, name, qid, i, item, docIDs)
			if err != nil {
				return nil, nil, err
			}
			if title != "" {
				titles = append(titles, docTitle{query: len(queries), doc: i, title: title})
			}
			q.Docs = append(q.Docs, doc)
			q.DocIDs = append(q.DocIDs, doc.Source)
		}
		queries = append(queries, q)
	}
	return queries, titles, nil
}

// jsonlDocument reads document i of a query's list: its content is the
// text, without the title, which is returned apart.
func jsonlDocument(p loaders.Place, name, qid string, i int, item any, seen map[string]int) (doc value.Document, title string, err error) {
	obj, ok := loaders.AsMap(item)
	if !ok {
		return value.Document{}, "", p.Err(name, "query %s, document %d is %s; expected an object with \"id\" and \"text\"", loaders.Quoted(qid), i+1, loaders.Describe(item))
	}
	id, ok, err := firstString(p, name, obj, "id", "_id", "doc_id", "docid")
	if err != nil {
		return value.Document{}, "", err
	}
	if !ok || id == "" {
		return value.Document{}, "", p.Err(name, "query %s, document %d has no \"id\"", loaders.Quoted(qid), i+1)
	}
	if first, dup := seen[id]; dup {
		return value.Document{}, "", p.Err(name, "query %s lists document %s twice (documents %d and %d); expected each once", loaders.Quoted(qid), loaders.Quoted(id), first, i+1)
	}
	seen[id] = i + 1
	text, ok, err := firstString(p, name, obj, "text", "content")
	if err != nil {
		return value.Document{}, "", err
	}
	if !ok {
		return value.Document{}, "", p.Err(name, "query %s, document %s has no \"text\"", loaders.Quoted(qid), loaders.Quoted(id))
	}
	title, _, err = firstString(p, name, obj, "title")
	if err != nil {
		return value.Document{}, "", err
	}
	score, err := loaders.ParseScore(p, name, "score", obj["score"])
	if err != nil {
		return value.Document{}, "", err
	}
	return value.Document{Content: text, Score: score, Source: id}, title, nil
}
