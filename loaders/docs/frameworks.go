package docs

import (
	"ctxlab/core/value"
	"ctxlab/loaders"
)

// isLangChainPair recognises one element of similarity_search_with_score's
// output, a (Document, score) tuple, which JSON writes as a 2-element list.
func isLangChainPair(v any) bool {
	pair, ok := loaders.AsList(v)
	if !ok || len(pair) != 2 {
		return false
	}
	_, ok = loaders.AsMap(pair[0])
	return ok
}

// langChainPairs reads LangChain's similarity_search_with_score output:
// [[{page_content, metadata}, score], ...].
//
// The score is kept as given. Note that for several vector stores (FAISS,
// Chroma, PGVector with L2) LangChain returns a distance from this call, so
// lower is better; use similarity_search_with_relevance_scores, or convert,
// if the ranking matters.
func langChainPairs(name string, v any, at func(int) loaders.Place) ([]value.Document, error) {
	list, ok := loaders.AsList(v)
	if !ok {
		return nil, &loaders.Error{Name: name, Msg: "is " + loaders.Describe(v) + "; expected a LangChain list of [document, score] pairs"}
	}
	docs := make([]value.Document, 0, len(list))
	for i, item := range list {
		p := at(i)
		pair, ok := loaders.AsList(item)
		if !ok || len(pair) != 2 {
			return nil, p.Err(name, "is %s; expected a [document, score] pair", loaders.Describe(item))
		}
		obj, ok := loaders.AsMap(pair[0])
		if !ok {
			return nil, p.Err(name, "document is %s; expected an object with %q", loaders.Describe(pair[0]), "page_content")
		}
		doc, err := plainRecord(p, name, obj)
		if err != nil {
			return nil, err
		}
		doc.Score, err = loaders.ParseScore(p, name, "score", pair[1])
		if err != nil {
			return nil, err
		}
		docs = append(docs, doc)
	}
	return docs, nil
}

// llamaIndexNodes reads a list of LlamaIndex NodeWithScore objects:
// [{node: {text, metadata, id_}, score}, ...]. The source is
// metadata.source, else metadata.file_path or file_name (what LlamaIndex's
// file readers set), else the node id. A null score means "not scored" and
// gets the default 1.0.
func llamaIndexNodes(name string, v any, at func(int) loaders.Place) ([]value.Document, error) {
	list, ok := loaders.AsList(v)
	if !ok {
		return nil, &loaders.Error{Name: name, Msg: "is " + loaders.Describe(v) + "; expected a LlamaIndex list of {node, score} objects"}
	}
	return loaders.EachObject(name, list, at, "a {node, score} object", func(p loaders.Place, obj map[string]any) (value.Document, error) {
		node, ok := loaders.AsMap(obj["node"])
		if !ok {
			return value.Document{}, p.Err(name, "%q is %s; expected an object with %q", "node", loaders.Describe(obj["node"]), "text")
		}
		// Newer TextNode versions keep the text in text_resource.text.
		textHolder := node
		if !loaders.RecordText.Has(node) {
			if resource, ok := loaders.AsMap(node["text_resource"]); ok {
				textHolder = resource
			}
		}
		_, content, err := loaders.RecordText.Read(p, name, textHolder, "node")
		if err != nil {
			return value.Document{}, err
		}
		score, err := loaders.ParseScore(p, name, "score", obj["score"])
		if err != nil {
			return value.Document{}, err
		}
		meta, err := loaders.MetadataMap(p, name, "node.metadata", node["metadata"])
		if err != nil {
			return value.Document{}, err
		}
		source := loaders.FallbackSource(meta, meta["file_path"], meta["file_name"], node["id_"], node["node_id"])
		return value.Document{Content: content, Score: score, Source: source, Metadata: loaders.JSONSafeMap(meta)}, nil
	})
}
