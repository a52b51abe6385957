package docs

import (
	"fmt"
	"maps"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

// chromaResult reads a Chroma query() result,
//
//	{ids: [[...]], documents: [[...]], distances: [[...]], metadatas: [[...]]}
//
// (one inner list per query text), or a get() result with flat lists.
//
// Chroma returns distances, where lower is closer; the pipeline sorts by
// score descending, so score = 1 − distance. That is the cosine similarity
// for a cosine collection; for L2 or inner-product collections it is only a
// monotone ranking and may be negative. The raw value is kept in
// metadata["distance"]. With several queries the results are flattened in
// query order (nothing is dropped); a missing distances list means score 1.0.
// The source is metadata.source, else the id, which is also kept in
// metadata["id"].
func chromaResult(name string, v any) ([]value.Document, error) {
	obj, ok := loaders.AsMap(v)
	if !ok {
		return nil, &loaders.Error{Name: name, Msg: "is " + loaders.Describe(v) + `; expected a Chroma result {"ids", "documents", "distances", "metadatas"}`}
	}
	ids, ok := loaders.AsList(obj["ids"])
	if !ok {
		return nil, &loaders.Error{Name: name, Msg: fmt.Sprintf(`"ids" is %s; expected a list (Chroma query result)`, loaders.Describe(obj["ids"]))}
	}
	// query() nests one list per query text; get() returns flat lists.
	lists := 0
	for _, q := range ids {
		if _, isList := loaders.AsList(q); isList {
			lists++
		}
	}
	if lists != 0 && lists != len(ids) {
		return nil, &loaders.Error{Name: name, Msg: `"ids" mixes lists and single ids; expected one list per query`}
	}
	nested := lists > 0
	columns := []string{"documents", "distances", "metadatas"}
	// Normalise both layouts to per-query columns.
	var queries [][]any
	perColumn := map[string][][]any{}
	if nested {
		for _, q := range ids {
			l, _ := loaders.AsList(q)
			queries = append(queries, l)
		}
	} else {
		queries = [][]any{ids}
	}
	for _, col := range columns {
		raw, present := obj[col]
		if !present || raw == nil {
			continue
		}
		list, ok := loaders.AsList(raw)
		if !ok {
			return nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("%q is %s; expected a list", col, loaders.Describe(raw))}
		}
		if !nested {
			perColumn[col] = [][]any{list}
			continue
		}
		if len(list) != len(queries) {
			return nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("%q has %s query lists but %q has %s", col, numfmt.Thousands(len(list)), "ids", numfmt.Thousands(len(queries)))}
		}
		for q, inner := range list {
			if inner == nil { // a column left out of include= for this query
				perColumn[col] = append(perColumn[col], nil)
				continue
			}
			l, ok := loaders.AsList(inner)
			if !ok {
				return nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("%q for query %d is %s; expected a list", col, q+1, loaders.Describe(inner))}
			}
			perColumn[col] = append(perColumn[col], l)
		}
	}
	if perColumn["documents"] == nil {
		return nil, &loaders.Error{Name: name, Msg: `Chroma result has no "documents"; query with include=["documents", ...]`}
	}
	var docs []value.Document
	for q, queryIDs := range queries {
		for _, col := range columns {
			if perColumn[col] == nil || perColumn[col][q] == nil {
				continue
			}
			if n := len(perColumn[col][q]); n != len(queryIDs) {
				return nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("%q has %s entries for query %s but %q has %s", col, numfmt.Thousands(n), numfmt.Thousands(q+1), "ids", numfmt.Thousands(len(queryIDs)))}
			}
		}
		for i, id := range queryIDs {
			p := loaders.Place{Record: len(docs) + 1}
			texts := perColumn["documents"][q]
			if texts == nil {
				return nil, p.Err(name, `"documents" is null for query %d; expected the document texts`, q+1)
			}
			content, ok := texts[i].(string)
			if !ok {
				return nil, p.Err(name, `"documents" entry is %s; expected a string`, loaders.Describe(texts[i]))
			}
			if err := loaders.CheckStringUTF8(p, name, `"documents" entry`, content); err != nil {
				return nil, err
			}
			meta := map[string]any{}
			if metas := perColumn["metadatas"]; metas != nil && metas[q] != nil {
				m, err := loaders.MetadataMap(p, name, "metadatas", metas[q][i])
				if err != nil {
					return nil, err
				}
				meta = m
			}
			score := 1.0
			if dists := perColumn["distances"]; dists != nil && dists[q] != nil && dists[q][i] != nil {
				distance, err := loaders.ParseScore(p, name, "distance", dists[q][i])
				if err != nil {
					return nil, err
				}
				score = 1 - distance
				setDefault(meta, "distance", distance)
			}
			source := loaders.FallbackSource(meta, id)
			setDefault(meta, "id", id)
			docs = append(docs, value.Document{Content: content, Score: score, Source: source, Metadata: loaders.JSONSafeMap(meta)})
		}
	}
	return docs, nil
}

// isBareMatch recognises a Pinecone match outside its {matches: [...]}
// wrapper: an id, and the text inside metadata rather than at top level.
func isBareMatch(obj map[string]any) bool {
	if _, hasID := obj["id"]; !hasID || loaders.RecordText.Has(obj) {
		return false
	}
	meta, ok := loaders.AsMap(obj["metadata"])
	return ok && loaders.StoredText.Has(meta)
}

// pineconeMatches reads a Pinecone query response {matches: [{id, score,
// metadata: {text, source, ...}}]} or a bare list of matches. Pinecone keeps
// no text itself, so it must be in metadata under "text" (LangChain's and
// LlamaIndex's choice), "chunk_text" (Pinecone's own examples and
// integrated-embedding indexes), "content", "page_content" or "document"
// (loaders.StoredText); that key is removed from the document's metadata so the
// text is not carried twice.
func pineconeMatches(name string, v any, at func(int) loaders.Place) ([]value.Document, error) {
	list, ok := loaders.AsList(v)
	if !ok {
		obj, isObject := loaders.AsMap(v)
		if matches, hasMatches := loaders.AsList(obj["matches"]); isObject && hasMatches {
			list, at = matches, func(i int) loaders.Place { return loaders.Place{Record: i + 1} }
		} else {
			return nil, &loaders.Error{Name: name, Msg: "is " + loaders.Describe(v) + `; expected a Pinecone response {"matches": [{id, score, metadata}]}`}
		}
	}
	return loaders.EachObject(name, list, at, "a match {id, score, metadata}", func(p loaders.Place, match map[string]any) (value.Document, error) {
		return vectorHit(p, name, match, "metadata")
	})
}

// isQdrantResponse recognises Qdrant's REST envelope: {result: [...]} from
// search, or {result: {points: [...]}} from the query API.
func isQdrantResponse(obj map[string]any) bool {
	_, ok := qdrantPointList(obj)
	return ok
}

func qdrantPointList(obj map[string]any) ([]any, bool) {
	if list, ok := loaders.AsList(obj["result"]); ok {
		return list, true
	}
	if result, ok := loaders.AsMap(obj["result"]); ok {
		if list, ok := loaders.AsList(result["points"]); ok {
			return list, true
		}
	}
	return nil, false
}

// qdrantPoints reads Qdrant scored points [{id, score, payload}], bare or in
// the REST envelope. The text is payload.text, .content, .page_content,
// .chunk_text or .document (qdrant-client's add(), with FastEmbed, stores
// it there and the rest of the metadata beside it).
// When the payload uses LangChain's layout {page_content, metadata: {...}},
// the nested metadata becomes the document's metadata. Qdrant's score is
// whatever the collection's metric gives (a distance for Euclid); it is
// kept as given.
func qdrantPoints(name string, v any, at func(int) loaders.Place) ([]value.Document, error) {
	list, ok := loaders.AsList(v)
	if !ok {
		obj, isObject := loaders.AsMap(v)
		points, hasPoints := qdrantPointList(obj)
		if !isObject || !hasPoints {
			return nil, &loaders.Error{Name: name, Msg: "is " + loaders.Describe(v) + `; expected Qdrant points [{id, score, payload}] or {"result": [...]}`}
		}
		list, at = points, func(i int) loaders.Place { return loaders.Place{Record: i + 1} }
	}
	return loaders.EachObject(name, list, at, "a point {id, score, payload}", func(p loaders.Place, point map[string]any) (value.Document, error) {
		return vectorHit(p, name, point, "payload")
	})
}

// vectorHit builds a document from a vector-store hit whose text lives in
// the object under the key in (Pinecone's metadata, Qdrant's payload). The
// source is that object's source (or its LangChain metadata.source), else
// the id, which is also kept in metadata["id"].
func vectorHit(p loaders.Place, name string, hit map[string]any, in string) (value.Document, error) {
	holder, err := loaders.MetadataMap(p, name, in, hit[in])
	if err != nil {
		return value.Document{}, err
	}
	id := hit["id"]
	key, content, err := loaders.StoredText.Read(p, name, holder, in)
	if err != nil {
		return value.Document{}, err
	}
	score, err := loaders.ParseScore(p, name, "score", hit["score"])
	if err != nil {
		return value.Document{}, err
	}
	meta := loaders.WithoutKey(holder, key)
	if nested, ok := loaders.AsMap(holder["metadata"]); ok && key == "page_content" && len(meta) == 1 {
		meta = maps.Clone(nested)
	}
	source := loaders.FallbackSource(meta, id)
	setDefault(meta, "id", id)
	return value.Document{Content: content, Score: score, Source: source, Metadata: loaders.JSONSafeMap(meta)}, nil
}

// setDefault sets m[key] unless the input already had that key or the
// value is null.
func setDefault(m map[string]any, key string, value any) {
	if value == nil {
		return
	}
	if _, present := m[key]; !present {
		m[key] = value
	}
}
