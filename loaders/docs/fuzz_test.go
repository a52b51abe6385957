package docs

import (
	"encoding/json"
	"math"
	"path/filepath"
	"slices"
	"testing"
	"unicode/utf8"

	"ctxlab/loaders/internal/loadertest"
)

var docSeeds = []string{
	`{"content": "a", "score": 0.5, "source": "s", "metadata": {"k": [1, 2.5, null, true]}}` + "\n" + `{"text": "b"}`,
	`[{"page_content": "x", "id": 7}, {"content": "y", "source": ""}]`,
	`[[{"page_content": "x", "metadata": {"source": "s"}}, 0.1]]`,
	`[{"node": {"id_": "n", "text": "t", "metadata": {}}, "score": null}]`,
	`{"ids": [["a"]], "documents": [["d"]], "distances": [[0.2]], "metadatas": [[null]]}`,
	`{"matches": [{"id": "m", "score": 0.3, "metadata": {"text": "t"}}]}`,
	`{"result": [{"id": 1, "score": 0.3, "payload": {"page_content": "t", "metadata": {"source": "x"}}}]}`,
	`{"results": [{"url": "u", "title": "t", "content": "c", "score": 0.9, "raw_content": null}]}`,
	"content,score,source,extra\n\"q,uoted\",0.5,s,e\nplain,,,\n",
	"- content: a\n  score: .nan\n- text: b\n  metadata: {x: .inf}\n",
	"interactions:\n- response:\n    parsed_body:\n      results:\n      - {url: u, content: c, score: 1}\n",
	"interactions:\n- response: {body: {string: '[{\"content\": \"z\"}]'}}\n",
	"[{\"content\": \"a\", \"score\": 1e999}]",
	"Some prose.\n\nAnother paragraph.\n",
	"\xEF\xBB\xBF[]",
	"a: &x {content: q}\nb: *x\n",
	"- &m {source: s}\n- {content: c, metadata: *m}\n",
}

func FuzzParseDocuments(f *testing.F) {
	for i, seed := range docSeeds {
		f.Add([]byte(seed), uint8(i))
	}
	for _, path := range []string{
		filepath.Join(loadertest.CorpusDir, "pydantic-ai-tavily-retrieval", "test_basic_search.yaml"),
		filepath.Join(loadertest.CorpusDir, "pydantic-ai-tavily-retrieval", "test_search_with_include_domains.yaml"),
		filepath.Join(loadertest.SampleDir, "docs", "sla_chunks.jsonl"),
		filepath.Join(loadertest.SampleDir, "eval", "corpus.jsonl"),
	} {
		loadertest.AddFileSeed(f, path, uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, formatIndex uint8) {
		format := Formats[int(formatIndex)%len(Formats)]
		docs, detected, err := Parse("fuzz", data, format)
		if err != nil {
			loadertest.CheckFuzzError(t, err)
			return
		}
		if !slices.Contains(Formats, detected) || detected == FormatAuto {
			t.Errorf("detected format %q is not a concrete format", detected)
		}
		for i, d := range docs {
			if !utf8.ValidString(d.Content) {
				t.Errorf("document %d: content is not valid UTF-8: %q", i, d.Content)
			}
			if !utf8.ValidString(d.Source) {
				t.Errorf("document %d: source is not valid UTF-8: %q", i, d.Source)
			}
			if math.IsNaN(d.Score) || math.IsInf(d.Score, 0) {
				t.Errorf("document %d: score %v is not finite", i, d.Score)
			}
			if d.Metadata == nil {
				t.Errorf("document %d: nil metadata", i)
			}
		}
		if _, err := json.Marshal(docs); err != nil {
			t.Errorf("documents do not marshal to JSON: %v", err)
		}
	})
}
