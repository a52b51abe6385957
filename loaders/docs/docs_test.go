package docs

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"ctxlab/core/value"
)

// doc builds an expected document; meta may be nil for an empty map.
func doc(content string, score float64, source string, meta map[string]any) value.Document {
	if meta == nil {
		meta = map[string]any{}
	}
	return value.Document{Content: content, Score: score, Source: source, Metadata: meta}
}

func TestParseDocumentsGood(t *testing.T) {
	tests := []struct {
		name       string
		input      string
		format     string // "" = auto
		wantFormat string
		want       []value.Document
	}{
		{
			name:       "jsonl with every field",
			input:      `{"content": "alpha", "score": 0.9, "source": "a.md", "metadata": {"page": 3, "tags": ["x"]}}` + "\n" + `{"text": "beta"}` + "\n",
			wantFormat: FormatJSONL,
			want: []value.Document{
				doc("alpha", 0.9, "a.md", map[string]any{"page": int64(3), "tags": []any{"x"}}),
				doc("beta", 1.0, "", nil),
			},
		},
		{
			name:       "jsonl with blank lines and CRLF",
			input:      "{\"content\": \"a\"}\r\n\r\n{\"content\": \"b\"}\r\n",
			wantFormat: FormatJSONL,
			want:       []value.Document{doc("a", 1, "", nil), doc("b", 1, "", nil)},
		},
		{
			name: "json array: aliases and source fallbacks",
			input: `[
				{"page_content": "one", "metadata": {"source": "meta.md"}},
				{"text": "two", "id": "doc-2", "score": 0.25},
				{"content": "three", "id": 42},
				{"content": "four", "source": "", "metadata": {"source": "ignored.md"}, "id": "x"},
				{"content": "five", "source": null, "id": "x"},
				{"content": "six", "metadata": {"source": "meta.md"}, "id": "loses"},
				{"content": "seven", "metadata": null}
			]`,
			wantFormat: FormatJSON,
			want: []value.Document{
				doc("one", 1, "meta.md", map[string]any{"source": "meta.md"}),
				doc("two", 0.25, "doc-2", nil),
				doc("three", 1, "42", nil),
				doc("four", 1, "", map[string]any{"source": "ignored.md"}),
				doc("five", 1, "", nil),
				doc("six", 1, "meta.md", map[string]any{"source": "meta.md"}),
				doc("seven", 1, "", nil),
			},
		},
		{
			name:       "content is kept byte-exact",
			input:      `[{"content": "  padded\n\ttext  \n", "score": 1}]`,
			wantFormat: FormatJSON,
			want:       []value.Document{doc("  padded\n\ttext  \n", 1, "", nil)},
		},
		{
			name:       "content wins over text and page_content",
			input:      `{"page_content": "p", "text": "t", "content": "c"}`,
			wantFormat: FormatJSONL,
			want:       []value.Document{doc("c", 1, "", nil)},
		},
		{
			name:       "a lone object is one-line JSON Lines",
			input:      `{"content": "only", "score": 0}`,
			wantFormat: FormatJSONL,
			want:       []value.Document{doc("only", 0, "", nil)},
		},
		{
			name:       "concatenated pretty-printed objects",
			input:      "{\n  \"content\": \"a\"\n}\n{\n  \"content\": \"b\",\n  \"score\": -2.5\n}\n",
			wantFormat: FormatJSONL,
			want:       []value.Document{doc("a", 1, "", nil), doc("b", -2.5, "", nil)},
		},
		{
			name:       "numeric string scores and big ids stay exact",
			input:      `[{"content": "a", "score": "0.5", "id": 12345678901234567890}]`,
			wantFormat: FormatJSON,
			want:       []value.Document{doc("a", 0.5, "12345678901234567890", nil)},
		},
		{
			name:       "empty array is zero documents",
			input:      "[]",
			wantFormat: FormatJSON,
			want:       []value.Document{},
		},
		{
			name:       "UTF-8 BOM is dropped",
			input:      "\xEF\xBB\xBF" + `[{"content": "é"}]`,
			wantFormat: FormatJSON,
			want:       []value.Document{doc("é", 1, "", nil)},
		},
		{
			name: "langchain similarity_search_with_score",
			input: `[
				[{"page_content": "Paris is the capital.", "metadata": {"source": "fr.md", "row": 1}, "type": "Document"}, 0.12],
				[{"page_content": "Berlin.", "metadata": {}, "id": "de-1"}, 0.3]
			]`,
			wantFormat: FormatLangChain,
			want: []value.Document{
				doc("Paris is the capital.", 0.12, "fr.md", map[string]any{"source": "fr.md", "row": int64(1)}),
				doc("Berlin.", 0.3, "de-1", nil),
			},
		},
		{
			name:       "langchain serialized (lc kwargs) documents",
			input:      `[[{"lc": 1, "type": "constructor", "id": ["langchain", "schema", "document", "Document"], "kwargs": {"page_content": "x", "metadata": {"source": "s"}}}, 0.7]]`,
			wantFormat: FormatLangChain,
			want:       []value.Document{doc("x", 0.7, "s", map[string]any{"source": "s"})},
		},
		{
			name: "llamaindex NodeWithScore",
			input: `[
				{"node": {"id_": "n1", "text": "first", "metadata": {"file_name": "a.txt"}}, "score": 0.8, "class_name": "NodeWithScore"},
				{"node": {"node_id": "n2", "text": "second", "metadata": {"source": "b.md"}}, "score": null},
				{"node": {"id_": "n3", "text_resource": {"text": "third"}}, "score": 0.1}
			]`,
			wantFormat: FormatLlamaIndex,
			want: []value.Document{
				doc("first", 0.8, "a.txt", map[string]any{"file_name": "a.txt"}),
				doc("second", 1, "b.md", map[string]any{"source": "b.md"}),
				doc("third", 0.1, "n3", nil),
			},
		},
		{
			name: "chroma query result, two queries flattened",
			input: `{"ids": [["a", "b"], ["c"]],
				"documents": [["doc a", "doc b"], ["doc c"]],
				"distances": [[0.25, 1.5], [0]],
				"metadatas": [[{"source": "a.md"}, null], [{"k": "v"}]],
				"embeddings": null}`,
			wantFormat: FormatChroma,
			want: []value.Document{
				doc("doc a", 0.75, "a.md", map[string]any{"source": "a.md", "distance": 0.25, "id": "a"}),
				doc("doc b", -0.5, "b", map[string]any{"distance": 1.5, "id": "b"}),
				doc("doc c", 1, "c", map[string]any{"k": "v", "distance": 0.0, "id": "c"}),
			},
		},
		{
			name:       "chroma get result: flat lists, no distances",
			input:      `{"ids": ["a"], "documents": ["doc a"], "metadatas": [{"source": "s"}]}`,
			wantFormat: FormatChroma,
			want:       []value.Document{doc("doc a", 1, "s", map[string]any{"source": "s", "id": "a"})},
		},
		{
			name: "pinecone matches",
			input: `{"matches": [
				{"id": "v1", "score": 0.91, "values": [], "metadata": {"text": "pine one", "source": "p1.md", "chunk": 2}},
				{"id": "v2", "score": 0.5, "metadata": {"content": "pine two"}}
			], "namespace": "", "usage": {"read_units": 5}}`,
			wantFormat: FormatPinecone,
			want: []value.Document{
				doc("pine one", 0.91, "p1.md", map[string]any{"source": "p1.md", "chunk": int64(2), "id": "v1"}),
				doc("pine two", 0.5, "v2", map[string]any{"id": "v2"}),
			},
		},
		{
			name:       "pinecone bare list of matches",
			input:      `[{"id": "v1", "score": 0.4, "metadata": {"page_content": "bare"}}]`,
			wantFormat: FormatPinecone,
			want:       []value.Document{doc("bare", 0.4, "v1", map[string]any{"id": "v1"})},
		},
		{
			name: "pinecone chunk_text (integrated embedding, Pinecone's examples)",
			input: `{"matches": [
				{"id": "rec1", "score": 0.9, "metadata": {"chunk_text": "pine chunk", "category": "faq"}},
				{"id": "rec2", "score": 0.4, "metadata": {"chunk_text": "loses", "text": "text wins"}}
			]}`,
			wantFormat: FormatPinecone,
			want: []value.Document{
				doc("pine chunk", 0.9, "rec1", map[string]any{"category": "faq", "id": "rec1"}),
				doc("text wins", 0.4, "rec2", map[string]any{"chunk_text": "loses", "id": "rec2"}),
			},
		},
		{
			name:       "pinecone bare match with chunk_text",
			input:      `[{"id": "rec1", "score": 0.7, "metadata": {"chunk_text": "bare chunk"}}]`,
			wantFormat: FormatPinecone,
			want:       []value.Document{doc("bare chunk", 0.7, "rec1", map[string]any{"id": "rec1"})},
		},
		{
			name: "qdrant payload document (qdrant-client add() with FastEmbed)",
			input: `{"result": [
				{"id": "0f3c7d0e-8f4a-4a7e-9a0a-1c2b3d4e5f60", "version": 3, "score": 0.87, "payload": {"document": "fast one", "source": "f.md"}},
				{"id": 2, "score": 0.5, "payload": {"document": "fast two", "lang": "en"}}
			], "status": "ok"}`,
			wantFormat: FormatQdrant,
			want: []value.Document{
				doc("fast one", 0.87, "f.md", map[string]any{"source": "f.md", "id": "0f3c7d0e-8f4a-4a7e-9a0a-1c2b3d4e5f60"}),
				doc("fast two", 0.5, "2", map[string]any{"lang": "en", "id": int64(2)}),
			},
		},
		{
			name:       "qdrant bare points with document",
			input:      `[{"id": 1, "score": 0.3, "payload": {"document": "bare doc"}}]`,
			wantFormat: FormatQdrant,
			want:       []value.Document{doc("bare doc", 0.3, "1", map[string]any{"id": int64(1)})},
		},
		{
			name:       "jsonl records with chunk_text (Pinecone's record layout)",
			input:      `{"id": "rec1", "chunk_text": "first chunk", "score": 0.8}` + "\n" + `{"id": "rec2", "chunk_text": "second chunk", "content": "content wins"}` + "\n",
			wantFormat: FormatJSONL,
			want:       []value.Document{doc("first chunk", 0.8, "rec1", nil), doc("content wins", 1, "rec2", nil)},
		},
		{
			name:       "csv chunk_text column",
			input:      "id,chunk_text,score\nrec1,csv chunk,0.6\n",
			wantFormat: FormatCSV,
			want:       []value.Document{doc("csv chunk", 0.6, "rec1", map[string]any{"id": "rec1"})},
		},
		{
			name: "qdrant list of scored points",
			input: `[
				{"id": 7, "version": 1, "score": 0.83, "payload": {"text": "q one", "source": "q.md"}},
				{"id": "5c56c793-69f3-4fbf-87e6-c4bf54c28c26", "score": 0.2, "payload": {"page_content": "q two", "metadata": {"source": "lc.md", "page": 4}}}
			]`,
			wantFormat: FormatQdrant,
			want: []value.Document{
				doc("q one", 0.83, "q.md", map[string]any{"source": "q.md", "id": int64(7)}),
				doc("q two", 0.2, "lc.md", map[string]any{"source": "lc.md", "page": int64(4), "id": "5c56c793-69f3-4fbf-87e6-c4bf54c28c26"}),
			},
		},
		{
			name:       "qdrant REST envelope",
			input:      `{"result": [{"id": 1, "score": 0.5, "payload": {"content": "env"}}], "status": "ok", "time": 0.001}`,
			wantFormat: FormatQdrant,
			want:       []value.Document{doc("env", 0.5, "1", map[string]any{"id": int64(1)})},
		},
		{
			name:       "qdrant query API envelope",
			input:      `{"result": {"points": [{"id": 1, "score": 0.5, "payload": {"text": "pts"}}]}}`,
			wantFormat: FormatQdrant,
			want:       []value.Document{doc("pts", 0.5, "1", map[string]any{"id": int64(1)})},
		},
		{
			name: "tavily response body",
			input: `{"query": "q", "answer": null, "results": [
				{"url": "https://a.example/x", "title": "A", "content": "alpha", "score": 0.98, "raw_content": null},
				{"url": "https://b.example/y", "title": "B", "content": "beta", "score": 0.5, "raw_content": "full"}
			], "response_time": 0.9}`,
			wantFormat: FormatTavily,
			want: []value.Document{
				doc("alpha", 0.98, "https://a.example/x", map[string]any{"title": "A"}),
				doc("beta", 0.5, "https://b.example/y", map[string]any{"title": "B", "raw_content": "full"}),
			},
		},
		{
			name:       "yaml records",
			input:      "# retrieved\n- content: \"yaml one\"\n  score: 0.5\n  metadata: {page: 2, 3: three}\n- text: yaml two\n  id: 9\n",
			wantFormat: FormatYAML,
			want: []value.Document{
				doc("yaml one", 0.5, "", map[string]any{"page": int64(2), "3": "three"}),
				doc("yaml two", 1, "9", nil),
			},
		},
		{
			name:       "yaml NaN in metadata becomes a string",
			input:      "- content: x\n  metadata: {weight: .nan, top: .inf}\n",
			wantFormat: FormatYAML,
			want:       []value.Document{doc("x", 1, "", map[string]any{"weight": "NaN", "top": "+Inf"})},
		},
		{
			name:       "yaml tavily body",
			input:      "query: q\nresults:\n- url: https://a.example\n  title: T\n  content: body text\n  score: 0.7\n",
			wantFormat: FormatTavily,
			want:       []value.Document{doc("body text", 0.7, "https://a.example", map[string]any{"title": "T"})},
		},
		{
			name: "vcrpy cassette with a JSON string body",
			input: `interactions:
- request: {method: POST, uri: "https://example/query", body: '{"query": "x"}'}
  response:
    status: {code: 500, message: oops}
    body: {string: '{"error": "later"}'}
- request: {method: POST, uri: "https://example/query"}
  response:
    status: {code: 200, message: OK}
    body: {string: '{"matches": [{"id": "m", "score": 0.3, "metadata": {"text": "from cassette"}}]}'}
version: 1
`,
			wantFormat: FormatPinecone,
			want:       []value.Document{doc("from cassette", 0.3, "m", map[string]any{"id": "m"})},
		},
		{
			name: "cassette skips a body with an empty result list",
			input: `interactions:
- response: {parsed_body: {ok: true, result: []}}
- response: {parsed_body: {results: [{url: u, content: found, score: 0.4}]}}
`,
			wantFormat: FormatTavily,
			want:       []value.Document{doc("found", 0.4, "u", nil)},
		},
		{
			name:       "cassette whose only body is an empty search",
			input:      "interactions:\n- response: {parsed_body: {query: q, results: []}}\n",
			wantFormat: FormatTavily,
			want:       nil,
		},
		{
			name:       "a record with text wins over wrapper keys",
			input:      `{"content": "lone", "results": [], "matches": []}`,
			wantFormat: FormatJSONL,
			want:       []value.Document{doc("lone", 1, "", nil)},
		},
		{
			name:       "csv with header, quoting and extra columns",
			input:      "id,content,score,title\nd1,\"multi\nline, with comma\",0.5,First\nd2,  spaced  ,,Second\n",
			wantFormat: FormatCSV,
			want: []value.Document{
				doc("multi\nline, with comma", 0.5, "d1", map[string]any{"id": "d1", "title": "First"}),
				doc("  spaced  ", 1, "d2", map[string]any{"id": "d2", "title": "Second"}),
			},
		},
		{
			name:       "csv source column wins, explicit empty source kept",
			input:      "Text,Source,id\nhello,,x\n",
			wantFormat: FormatCSV,
			want:       []value.Document{doc("hello", 1, "", map[string]any{"id": "x"})},
		},
		{
			name:       "csv header only is zero documents",
			input:      "content,score\n",
			wantFormat: FormatCSV,
			want:       nil,
		},
		{
			name:       "forced chroma",
			input:      `{"ids": [["a"]], "documents": [["x"]], "distances": [[0.5]]}`,
			format:     FormatChroma,
			wantFormat: FormatChroma,
			want:       []value.Document{doc("x", 0.5, "a", map[string]any{"distance": 0.5, "id": "a"})},
		},
		{
			name:       "forced jsonl on one object",
			input:      `{"content": "x"}`,
			format:     FormatJSONL,
			wantFormat: FormatJSONL,
			want:       []value.Document{doc("x", 1, "", nil)},
		},
		{
			name:       "forced yaml on a JSON-compatible flow sequence",
			input:      `[{content: x}]`,
			format:     FormatYAML,
			wantFormat: FormatYAML,
			want:       []value.Document{doc("x", 1, "", nil)},
		},
		{
			name:       "forced text",
			input:      "Just prose.\n",
			format:     FormatText,
			wantFormat: FormatText,
			want:       []value.Document{doc("Just prose.\n", 1, "in", nil)},
		},
		{
			name:       "format names are case-insensitive",
			input:      `{"content": "x"}`,
			format:     "JSON",
			wantFormat: FormatJSONL,
			want:       []value.Document{doc("x", 1, "", nil)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, format, err := Parse("in", []byte(tt.input), tt.format)
			if err != nil {
				t.Fatalf("ParseDocuments: %v", err)
			}
			if format != tt.wantFormat {
				t.Errorf("format = %q, want %q", format, tt.wantFormat)
			}
			if len(docs) == 0 && len(tt.want) == 0 {
				return
			}
			if !reflect.DeepEqual(docs, tt.want) {
				t.Errorf("documents differ\n got: %#v\nwant: %#v", docs, tt.want)
			}
			// Everything a loader returns must survive the JSON exporter.
			if _, err := json.Marshal(docs); err != nil {
				t.Errorf("documents do not marshal: %v", err)
			}
		})
	}
}

func TestDetectFormat(t *testing.T) {
	tests := []struct {
		input string
		want  string
	}{
		{`{"content": "a"}` + "\n" + `{"content": "b"}`, FormatJSONL},
		{`[{"content": "a"}]`, FormatJSON},
		{`[[{"page_content": "a"}, 1]]`, FormatLangChain},
		{`[{"node": {"text": "a"}, "score": 1}]`, FormatLlamaIndex},
		{`{"ids": [], "documents": []}`, FormatChroma},
		{`{"matches": []}`, FormatPinecone},
		{`[{"id": 1, "score": 1, "payload": {"text": "a"}}]`, FormatQdrant},
		{`[{"id": 1, "score": 1, "payload": {"document": "a"}}]`, FormatQdrant},
		{`[{"id": "a", "score": 1, "metadata": {"chunk_text": "a"}}]`, FormatPinecone},
		{`[{"chunk_text": "a"}]`, FormatJSON},
		{"chunk_text,score\na,1\n", FormatCSV},
		{`{"result": []}`, FormatQdrant},
		{`{"results": []}`, FormatTavily},
		{"content,score\na,1\n", FormatCSV},
		{"- content: a\n", FormatYAML},
		{"results:\n- {url: u, content: c}\n", FormatTavily},
	}
	for _, tt := range tests {
		_, got, err := Parse("in", []byte(tt.input), FormatAuto)
		if err != nil {
			t.Errorf("%q: %v", tt.input, err)
			continue
		}
		if got != tt.want {
			t.Errorf("%q: detected %q, want %q", tt.input, got, tt.want)
		}
	}
}

func TestDocumentFormatsAreAllAccepted(t *testing.T) {
	for _, f := range Formats {
		if _, err := checkFormat("x", f); err != nil {
			t.Errorf("format %q rejected: %v", f, err)
		}
	}
	_, err := checkFormat("x", "xml")
	if err == nil || !strings.Contains(err.Error(), strings.Join(Formats, ", ")) {
		t.Errorf("unknown format error should list the formats, got %v", err)
	}
}
