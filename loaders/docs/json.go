package docs

import (
	"ctxlab/core/value"
	"ctxlab/loaders"
)

// plainRecords reads ctxlab's own record format: a list of objects (a JSON
// array, JSON Lines, or a YAML sequence), or one object.
//
// Each record has "content" (or "text", "page_content", "chunk_text": see
// loaders.RecordText), an optional
// "score" (default 1.0), "source" and "metadata" object. Other top-level
// keys are ignored. When "source" is absent the source falls back to
// metadata.source, then "id"; an explicit "source": "" stays empty, because
// the user said so.
func plainRecords(name string, v any, at func(int) loaders.Place) ([]value.Document, error) {
	if obj, ok := loaders.AsMap(v); ok {
		doc, err := plainRecord(at(0), name, obj)
		if err != nil {
			return nil, err
		}
		return []value.Document{doc}, nil
	}
	list, ok := loaders.AsList(v)
	if !ok {
		return nil, &loaders.Error{Name: name, Msg: "is " + loaders.Describe(v) + "; expected a list of document objects"}
	}
	return loaders.EachObject(name, list, at, `an object with "content"`, func(p loaders.Place, obj map[string]any) (value.Document, error) {
		return plainRecord(p, name, obj)
	})
}

func plainRecord(p loaders.Place, name string, obj map[string]any) (value.Document, error) {
	obj = langChainKwargs(obj)
	_, content, err := loaders.RecordText.Read(p, name, obj, "")
	if err != nil {
		return value.Document{}, err
	}
	score, err := loaders.ParseScore(p, name, "score", obj["score"])
	if err != nil {
		return value.Document{}, err
	}
	meta, err := loaders.MetadataMap(p, name, "metadata", obj["metadata"])
	if err != nil {
		return value.Document{}, err
	}
	source := ""
	if v, present := obj["source"]; present {
		if v != nil {
			s, ok := loaders.IDString(v)
			if !ok {
				return value.Document{}, p.Err(name, "%q is %s; expected a string", "source", loaders.Describe(v))
			}
			source = s
		}
	} else {
		source = loaders.FallbackSource(meta, obj["id"])
	}
	return value.Document{Content: content, Score: score, Source: source, Metadata: loaders.JSONSafeMap(meta)}, nil
}

// langChainKwargs unwraps LangChain's serialized form of a Document
// ({"lc": 1, "type": "constructor", "kwargs": {page_content, metadata}}),
// which is what dumpd() and langchain's JSON serializer write.
func langChainKwargs(obj map[string]any) map[string]any {
	if _, serialized := obj["lc"]; !serialized {
		return obj
	}
	if kwargs, ok := loaders.AsMap(obj["kwargs"]); ok {
		return kwargs
	}
	return obj
}
