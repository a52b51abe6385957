package loaders

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Loading a file streams JSON Lines of plain records and reads anything
// else whole; either way the documents, the format and every error are
// what parsing the whole file gives.
func TestStreamedJSONLinesEqualTheWholeFileParse(t *testing.T) {
	long := strings.Repeat("word ", 300_000) // a line longer than the read buffer
	cases := map[string]string{
		"plain":          `{"content": "a b c", "score": 0.5, "source": "s1"}` + "\n" + `{"content": "d e", "score": 1}` + "\n",
		"fields":         `{"text": "alt field", "id": 7, "metadata": {"source": "m", "n": 12345678901234567890}}` + "\n" + `{"page_content": "p", "score": "0.25"}`,
		"blank and crlf": "\r\n" + `{"content": "x"}` + "\r\n\r\n" + `{"content": "y", "source": ""}` + "\r\n",
		"long line":      `{"content": "` + long + `"}` + "\n" + `{"content": "short"}` + "\n",
		"one record":     `{"content": "alone", "score": 0.3}` + "\n",
		"one long":       `{"content": "` + long + `", "score": 1e-1}`,
		"one with values": `{"content": "tab\tquote\" \u00e9 \ud83d\ude42", "score": -0.25e1, "id": 12345678901234567890, ` +
			`"metadata": {"n": 9007199254740993, "f": 1.50, "ok": true, "none": null, "list": [1, -2, 3.0, "x"], "deep": {"e": 2E3}}, "extra": false}` + "\n",
		"one lone kwargs": `{"lc": 1, "kwargs": {"page_content": "k", "metadata": {"source": "s"}}}` + "\n",
		"one id source":   `{"content": "c", "id": 42}` + "\n",
		"wrapper":         `{"results": [{"url": "u", "title": "t", "content": "c", "score": 0.9}]}` + "\n",
		"pretty":          "{\n  \"content\": \"a\"\n}\n{\"content\": \"b\"}\n",
		"two per line":    `{"content": "a"} {"content": "b"}` + "\n" + `{"content": "c"}`,
		"bom":             "\ufeff" + `{"content": "a"}` + "\n" + `{"content": "b"}`,
		"bad score":       `{"content": "a"}` + "\n" + `{"content": "b", "score": "high"}` + "\n",
		"no content":      `{"content": "a"}` + "\n" + `{"body": "b"}` + "\n",
		"invalid json":    `{"content": "a"}` + "\n" + `{"content": "b"` + "\n",
		"invalid utf8":    `{"content": "a"}` + "\n" + "{\"content\": \"\xff\"}\n",
		"not an object":   `{"content": "a"}` + "\n" + `["content", "b"]` + "\n",
		"llamaindex":      `{"node": {"text": "n", "id_": "1"}, "score": 0.4}` + "\n" + `{"node": {"text": "m", "id_": "2"}, "score": 0.3}` + "\n",
		"qdrant":          `{"id": 1, "score": 0.4, "payload": {"text": "q"}}` + "\n" + `{"id": 2, "score": 0.3, "payload": {"text": "r"}}` + "\n",
	}
	dir := t.TempDir()
	for name, text := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".jsonl")
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			got, gotFormat, gotErr := LoadDocuments(path, nil, DocOptions{})
			want, wantFormat, wantErr := ParseDocuments(path, []byte(text), FormatAuto)
			if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
				t.Fatalf("error %v, the whole-file parse says %v", gotErr, wantErr)
			}
			if gotFormat != wantFormat || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s %#v, the whole-file parse gives %s %#v", gotFormat, got, wantFormat, want)
			}
		})
	}
	if _, handled, _ := streamJSONLines(filepath.Join(dir, "plain.jsonl")); !handled {
		t.Fatal("plain records were not streamed")
	}
	// A lone record is streamed too, so one huge record is not read twice.
	for _, name := range []string{"one_record", "one_long", "one_with_values"} {
		if _, handled, _ := streamJSONLines(filepath.Join(dir, name+".jsonl")); !handled {
			t.Fatalf("%s was not streamed", name)
		}
	}
	if _, handled, _ := streamJSONLines(filepath.Join(dir, "wrapper.jsonl")); handled {
		t.Fatal("a wrapper was streamed")
	}
	if _, handled, _ := streamJSONLines(filepath.Join(dir, "pretty.jsonl")); handled {
		t.Fatal("a record over several lines was streamed")
	}
}
