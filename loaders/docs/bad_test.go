package docs

import (
	"errors"
	"strings"
	"testing"

	"ctxlab/loaders"
	"ctxlab/loaders/internal/loadertest"
)

func TestParseDocumentsBadInput(t *testing.T) {
	tests := []struct {
		name   string
		file   string
		input  string
		format string
		// want is the whole message when exact, else a substring.
		want  string
		exact bool
	}{
		// Malformed JSON, with line and column.
		{name: "json syntax error", file: "docs.json", input: "[{\"content\": \"a\"},\n {\"content\": }]",
			want: `docs.json: line 2, column 14: invalid JSON: invalid character '}' looking for beginning of value`, exact: true},
		{name: "truncated json", file: "docs.json", input: "[{\"content\": \"a\"",
			want: `docs.json: line 1, column 17: invalid JSON: input ends inside a value`},
		{name: "jsonl bad third line", file: "docs.jsonl", input: "{\"content\": \"a\"}\n{\"content\": \"b\"}\n{\"content\": \"c\",}\n",
			want: `docs.jsonl: line 3, column 17: invalid JSON`},
		{name: "forced json on yaml", file: "docs.yaml", input: "- content: a\n", format: FormatJSON,
			want: `docs.yaml: line 1, column 2: invalid JSON`},

		// Malformed CSV, with line.
		{name: "csv bare quote", file: "docs.csv", input: "content,score\nok,1\nbad \"quote,1\n",
			want: `docs.csv: line 3, column 5: invalid CSV: bare " in non-quoted-field`, exact: true},
		{name: "csv unterminated quote", file: "docs.csv", input: "content,score\n\"never closed,1\n",
			want: `docs.csv: line 2, column 17: invalid CSV: extraneous or missing " in quoted-field`, exact: true},
		{name: "csv short row", file: "docs.csv", input: "content,score\na,1\nb\n",
			want: `docs.csv: line 3: CSV row has 1 fields; the header has 2: wrong number of fields`, exact: true},
		{name: "csv header without content", file: "docs.csv", input: "body,score\na,1\n", format: FormatCSV,
			want: `docs.csv: line 1: CSV header ["body" "score"] has no content column; expected "content", "text", "page_content" or "chunk_text"`, exact: true},
		{name: "csv duplicate column", file: "docs.csv", input: "content,score,Score\na,1,2\n",
			want: `docs.csv: line 1: CSV header names "score" twice (columns 2 and 3)`, exact: true},
		{name: "csv unnamed column", file: "docs.csv", input: "content,,x\na,1,2\n",
			want: `docs.csv: line 1: CSV header column 2 has no name`},

		// Missing content.
		{name: "missing content in array", file: "results.json", input: `[{"content": "a"}, {"text": "b"}, {"page_content": "c"}, {"body": "d"}]`,
			want: `results.json: record 4: missing "content" (or "text", "page_content", "chunk_text")`, exact: true},
		{name: "missing content in jsonl", file: "docs.jsonl", input: "{\"content\": \"a\"}\n\n{\"score\": 1}\n",
			want: `docs.jsonl: line 3: missing "content" (or "text", "page_content", "chunk_text")`, exact: true},
		{name: "null content", file: "docs.json", input: `[{"content": null}]`,
			want: `docs.json: record 1: missing "content"`},
		{name: "content not a string", file: "docs.json", input: `[{"content": ["a"]}]`,
			want: `docs.json: record 1: "content" is a list; expected a string`, exact: true},
		{name: "missing content in yaml", file: "docs.yaml", input: "- content: a\n- title: b\n",
			want: `docs.yaml: record 2: missing "content"`},
		{name: "missing content in csv", file: "docs.csv", input: "content,score\n", format: FormatJSON,
			want: `docs.csv: line 1, column 1: invalid JSON`},
		{name: "pinecone text missing", file: "pc.json", input: `{"matches": [{"id": "a", "score": 1, "metadata": {"title": "t"}}]}`,
			want: `pc.json: record 1: missing "content" (or "text", "page_content", "chunk_text", "document") in "metadata"`, exact: true},
		{name: "qdrant payload missing", file: "q.json", input: `{"result": [{"id": 1, "score": 1}]}`,
			want: `q.json: record 1: missing "content" (or "text", "page_content", "chunk_text", "document") in "payload"`, exact: true},
		{name: "llamaindex node without text", file: "li.json", input: `[{"node": {"id_": "x"}, "score": 1}]`,
			want: `li.json: record 1: missing "content" (or "text", "page_content", "chunk_text") in "node"`, exact: true},
		// "document" holds text only inside a vector-store hit: at a
		// record's top level it is a rerank API's object around the text
		// (Cohere, Jina), which is not a document format ctxlab reads.
		{name: "document is not a top-level content field", file: "d.jsonl", input: `{"id": "a", "document": "text"}`,
			want: `d.jsonl: line 1: ` + `missing "content" (or "text", "page_content", "chunk_text")`, exact: true},
		{name: "rerank response with document objects", file: "rerank.json", input: `{"results": [{"index": 0, "relevance_score": 0.9, "document": {"text": "a"}}]}`,
			want: `rerank.json: not a supported document format; expected one of:`},
		{name: "pinecone chunk_text not a string", file: "pc.json", input: `{"matches": [{"id": "a", "score": 1, "metadata": {"chunk_text": 7}}]}`,
			want: `pc.json: record 1: "metadata.chunk_text" is the number 7; expected a string`, exact: true},
		{name: "qdrant document not a string", file: "q.json", input: `{"result": [{"id": 1, "score": 1, "payload": {"document": ["a"]}}]}`,
			want: `q.json: record 1: "payload.document" is a list; expected a string`, exact: true},
		{name: "tavily result without content", file: "t.json", input: `{"results": [{"url": "u", "score": 1}]}`,
			want: `t.json: record 1: missing "content"`},
		{name: "chroma documents not included", file: "c.json", input: `{"ids": [["a"]], "documents": null, "distances": [[0.1]]}`,
			want: `c.json: Chroma result has no "documents"`},
		{name: "chroma null document", file: "c.json", input: `{"ids": [["a", "b"]], "documents": [["x", null]]}`,
			want: `c.json: record 2: "documents" entry is null; expected a string`, exact: true},

		// Scores.
		{name: "score not a number", file: "docs.jsonl", input: "{\"content\": \"a\"}\n{\"content\": \"b\"}\n{\"content\": \"c\", \"score\": \"abc\"}\n",
			want: `docs.jsonl: line 3: score "abc" is not a number`, exact: true},
		{name: "score boolean", file: "docs.json", input: `[{"content": "a", "score": true}]`,
			want: `docs.json: record 1: score is the boolean true; expected a number`, exact: true},
		{name: "score object", file: "docs.json", input: `[{"content": "a", "score": {}}]`,
			want: `docs.json: record 1: score is an object; expected a number`, exact: true},
		{name: "score string NaN", file: "docs.json", input: `[{"content": "a", "score": "NaN"}]`,
			want: `docs.json: record 1: score "NaN" is not finite; expected a finite number`, exact: true},
		{name: "score overflows", file: "docs.json", input: `[{"content": "a", "score": 1e999}]`,
			want: `docs.json: record 1: score +Inf is not finite`},
		{name: "csv score NaN", file: "docs.csv", input: "content,score\na,0.5\nb,NaN\n",
			want: `docs.csv: line 3: score "NaN" is not finite; expected a finite number`, exact: true},
		{name: "csv score inf", file: "docs.csv", input: "content,score\nb,-Infinity\n",
			want: `docs.csv: line 2: score "-Infinity" is not finite`},
		{name: "csv score text", file: "docs.csv", input: "content,score\nb,high\n",
			want: `docs.csv: line 2: score "high" is not a number`, exact: true},
		{name: "yaml score .nan", file: "docs.yaml", input: "- content: a\n  score: .nan\n",
			want: `docs.yaml: record 1: score NaN is not finite; expected a finite number`, exact: true},
		{name: "yaml score -.inf", file: "docs.yaml", input: "- content: a\n  score: -.inf\n",
			want: `docs.yaml: record 1: score -Inf is not finite`},
		{name: "langchain score NaN string", file: "lc.json", input: `[[{"page_content": "a"}, "nan"]]`,
			want: `lc.json: record 1: score "nan" is not finite`},
		{name: "chroma distance not a number", file: "c.json", input: `{"ids": [["a"]], "documents": [["x"]], "distances": [["far"]]}`,
			want: `c.json: record 1: distance "far" is not a number`, exact: true},

		// Invalid UTF-8, with line and byte offset.
		{name: "invalid utf-8 in jsonl", file: "docs.jsonl", input: "{\"content\": \"ok\"}\n{\"content\": \"b\xffd\"}\n",
			want: `docs.jsonl: line 2: invalid UTF-8 at byte offset 32 (byte 0xff); expected UTF-8 text`, exact: true},
		{name: "invalid utf-8 in csv", file: "docs.csv", input: "content\nfine\n\xc3(\n",
			want: `docs.csv: line 3: invalid UTF-8 at byte offset 13 (byte 0xc3)`},
		{name: "yaml binary content", file: "docs.yaml", input: "- content: !!binary /w==\n",
			want: `docs.yaml: a YAML value is not valid UTF-8`},

		// Empty input.
		{name: "empty file", file: "docs.json", input: "",
			want: `docs.json: input is empty; expected documents`, exact: true},
		{name: "whitespace only", file: "docs.json", input: " \n\t\r\n",
			want: `docs.json: input is empty; expected documents`, exact: true},
		{name: "bom only", file: "docs.json", input: "\xEF\xBB\xBF\n",
			want: `docs.json: input is empty`},

		// Unknown shapes and formats.
		{name: "prose", file: "notes", input: "Just some notes about the product.\nNothing structured.\n",
			want: `notes: not a supported document format; expected one of: JSON Lines or a JSON array`},
		{name: "unknown object", file: "x.json", input: `{"foo": [{"text": "a"}]}`,
			want: `x.json: not a supported document format; expected one of:`},
		// One object with no list of results is a record, in any syntax,
		// and gets the record's error, not the list of every shape.
		{name: "lone record without content", file: "one.jsonl", input: `{"text_": "a", "score": 0.5}` + "\n",
			want: `one.jsonl: line 1: missing "content" (or "text", "page_content", "chunk_text")`, exact: true},
		{name: "lone record after blank lines", file: "one.jsonl", input: "\n\n{\"foo\": 1, \"tags\": [\"a\"]}\n",
			want: `one.jsonl: line 3: missing "content" (or "text", "page_content", "chunk_text")`, exact: true},
		{name: "lone record with a bad score", file: "one.jsonl", input: `{"content": "a", "score": "x"}`,
			want: `one.jsonl: line 1: score "x" is not a number`, exact: true},
		{name: "lone yaml record without content", file: "one.yaml", input: "title: a\nscore: 0.5\n",
			want: `one.yaml: record 1: missing "content" (or "text", "page_content", "chunk_text")`, exact: true},
		// A YAML file's syntax error is the error, without the shapes.
		{name: "yaml file syntax error", file: "bad.yaml", input: "a: [1, 2\nb: c\n",
			want: `bad.yaml: line 1: invalid YAML: did not find expected ',' or ']'`, exact: true},
		{name: "yaml document syntax error", file: "stdin", input: "---\n- content: a\n  score: [\n",
			want: `stdin: line 3: invalid YAML: did not find expected node content`, exact: true},
		{name: "prose that is not yaml", file: "notes.dat", input: "Note: this: that\n",
			want: `notes.dat: not a supported document format; expected one of: JSON Lines`},
		{name: "list of numbers", file: "x.json", input: `[1, 2, 3]`,
			want: `x.json: not a supported document format`},
		{name: "scalar", file: "x.json", input: `42`,
			want: `x.json: not a supported document format`},
		{name: "yaml syntax error", file: "x.yaml", input: "a: [b\n", format: FormatYAML,
			want: `x.yaml: line 1: invalid YAML: did not find expected ',' or ']'`, exact: true},
		{name: "two yaml documents", file: "x.yaml", input: "- content: a\n---\n- content: b\n",
			want: `x.yaml: more than one YAML document (---); expected one`, exact: true},
		{name: "unknown format", file: "x.json", input: `[]`, format: "xml",
			want: `x.json: unknown format "xml"; expected one of auto, jsonl, json`},
		{name: "dir format on bytes", file: "x.json", input: `[]`, format: FormatDir,
			want: `x.json: the dir format needs a directory path`},
		{name: "cassette body with a bad record is reported, not skipped", file: "c.yaml",
			input: "interactions:\n- response: {parsed_body: {results: [{url: u, content: c, score: abc}]}}\n- response: {parsed_body: {results: [{url: u, content: c}]}}\n",
			want:  `c.yaml: record 1: score "abc" is not a number`, exact: true},
		{name: "cassette without documents", file: "c.yaml", input: "interactions:\n- request: {}\n  response: {parsed_body: {id: chatcmpl, choices: []}}\n",
			want: `c.yaml: is a VCR cassette with 1 interaction, none with a supported response body; expected one of:`},
		{name: "forced tavily on a record list", file: "x.json", input: `[{"content": "a"}]`, format: FormatTavily,
			want: `x.json: is a list; expected a Tavily response {"results": [{url, title, content, score}]}`, exact: true},
		{name: "forced chroma on a cassette without chroma", file: "c.yaml", format: FormatChroma,
			input: "interactions:\n- response: {parsed_body: {results: [{url: u, content: c}]}}\n",
			want:  `c.yaml: is a VCR cassette with 1 interaction, none with a chroma response body`, exact: true},
		{name: "forced langchain on records", file: "x.json", input: `[{"page_content": "a"}]`, format: FormatLangChain,
			want: `x.json: record 1: is an object; expected a [document, score] pair`, exact: true},
		{name: "record not an object", file: "x.json", input: `[{"content": "a"}, "b"]`,
			want: `x.json: record 2: is the string "b"; expected an object with "content"`, exact: true},
		{name: "metadata not an object", file: "x.json", input: `[{"content": "a", "metadata": "m"}]`,
			want: `x.json: record 1: "metadata" is the string "m"; expected an object`, exact: true},
		{name: "source not a string", file: "x.json", input: `[{"content": "a", "source": {"uri": "u"}}]`,
			want: `x.json: record 1: "source" is an object; expected a string`, exact: true},
		{name: "chroma length mismatch", file: "c.json", input: `{"ids": [["a", "b"]], "documents": [["x"]]}`,
			want: `c.json: "documents" has 1 entries for query 1 but "ids" has 2`, exact: true},
		{name: "chroma query count mismatch", file: "c.json", input: `{"ids": [["a"], ["b"]], "documents": [["x"]]}`,
			want: `c.json: "documents" has 1 query lists but "ids" has 2`, exact: true},
		{name: "chroma mixed ids", file: "c.json", input: `{"ids": [["a"], "b"], "documents": [["x"], ["y"]]}`,
			want: `c.json: "ids" mixes lists and single ids`},
		{name: "control characters in errors are escaped", file: "x.json", input: "[{\"content\": \"a\", \"score\": \"\\u001b[31mred\\n\"}]",
			want: `x.json: record 1: score "␛[31mred " is not a number`, exact: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, _, err := Parse(tt.file, []byte(tt.input), tt.format)
			if err == nil {
				t.Fatalf("no error; got %d documents", len(docs))
			}
			msg := err.Error()
			if tt.exact && msg != tt.want {
				t.Errorf("error\n got: %s\nwant: %s", msg, tt.want)
			}
			if !tt.exact && !strings.Contains(msg, tt.want) {
				t.Errorf("error\n got: %s\nwant it to contain: %s", msg, tt.want)
			}
			loadertest.AssertOneLineError(t, err)
		})
	}
}

func TestEmptyInputMatchesErrEmpty(t *testing.T) {
	_, _, err := Parse("docs.json", nil, "")
	if !errors.Is(err, loaders.ErrEmpty) {
		t.Errorf("errors.Is(%v, ErrEmpty) = false", err)
	}
	_, _, err = Parse("docs.json", []byte("[1"), "")
	if errors.Is(err, loaders.ErrEmpty) {
		t.Errorf("malformed input %v must not match ErrEmpty", err)
	}
}

func TestJSONErrorsWrapTheCause(t *testing.T) {
	_, _, err := Parse("docs.json", []byte("[}"), "")
	var loadErr *loaders.Error
	if !errors.As(err, &loadErr) || loadErr.Line != 1 || loadErr.Column != 2 || loadErr.Err == nil {
		t.Fatalf("got %#v", err)
	}
}
