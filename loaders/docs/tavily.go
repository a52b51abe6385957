package docs

import (
	"ctxlab/core/value"
	"ctxlab/loaders"
)

// isTavilyResponse recognises a Tavily search response: a "results" list
// whose entries carry a url or a content field.
func isTavilyResponse(obj map[string]any) bool {
	results, ok := loaders.AsList(obj["results"])
	if !ok {
		return false
	}
	if len(results) == 0 {
		return true
	}
	first, ok := loaders.AsMap(results[0])
	if !ok {
		return false
	}
	_, hasURL := first["url"]
	return hasURL || loaders.RecordText.Has(first)
}

// tavilyResults reads a Tavily search response {query, answer, results:
// [{url, title, content, score, raw_content}]}: the source is the url, and
// every other non-null field (title, raw_content, favicon, ...) is kept in
// metadata.
func tavilyResults(name string, v any) ([]value.Document, error) {
	obj, ok := loaders.AsMap(v)
	results, hasResults := loaders.AsList(obj["results"])
	if !ok || !hasResults {
		return nil, &loaders.Error{Name: name, Msg: "is " + loaders.Describe(v) + `; expected a Tavily response {"results": [{url, title, content, score}]}`}
	}
	return loaders.EachObject(name, results, recordPlace, "a result {url, title, content, score}", func(p loaders.Place, result map[string]any) (value.Document, error) {
		key, content, err := loaders.RecordText.Read(p, name, result, "")
		if err != nil {
			return value.Document{}, err
		}
		score, err := loaders.ParseScore(p, name, "score", result["score"])
		if err != nil {
			return value.Document{}, err
		}
		source := ""
		if url, present := result["url"]; present && url != nil {
			s, ok := url.(string)
			if !ok {
				return value.Document{}, p.Err(name, "%q is %s; expected a string", "url", loaders.Describe(url))
			}
			source = s
		}
		meta := map[string]any{}
		for k, field := range result {
			if k != key && k != "score" && k != "url" && field != nil {
				meta[k] = field
			}
		}
		return value.Document{Content: content, Score: score, Source: source, Metadata: loaders.JSONSafeMap(meta)}, nil
	})
}

// cassetteResponse finds documents in a VCR cassette (the YAML that vcrpy
// and pytest-recording write): the first interaction whose response body
// has a known document shape, or the wanted shape when want is not "".
// Bodies are read from response.parsed_body (pydantic-ai's cassettes) or
// response.body.string holding JSON (vcrpy's default). A body that reads
// as zero documents is passed over for a later one with some, since many
// unrelated API responses carry an empty "result" or "results" list; it is
// used only if nothing better follows.
func cassetteResponse(v any, want string) (body any, shape string, ok bool) {
	var emptyBody any
	emptyShape := ""
	for _, interaction := range loaders.CassetteInteractions(v) {
		response, _ := loaders.AsMap(interaction["response"])
		for _, candidate := range loaders.CassetteBodies(response) {
			s := detectShape(candidate, true)
			if s == "" || (want != "" && s != want) {
				continue
			}
			docs, err := extractShape("cassette", s, candidate, recordPlace)
			if err != nil || len(docs) > 0 {
				// An error is reported when the caller reads this body.
				return candidate, s, true
			}
			if emptyShape == "" {
				emptyBody, emptyShape = candidate, s
			}
		}
	}
	return emptyBody, emptyShape, emptyShape != ""
}
