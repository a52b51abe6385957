package docs

import (
	"fmt"
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
		"many":            manyRecords(3_000, ""),
		"many, one bad":   manyRecords(3_000, `{"content": "late", "score": "high"}`),
		"many, general":   manyRecords(3_000, `{"text": "a text field", "metadata": {"k": 1}}`),
		"blank start":     strings.Repeat("\n  \r\n", 400) + manyRecords(50, ""),
		"no last eol":     strings.TrimSuffix(manyRecords(200, ""), "\n"),
	}
	dir := t.TempDir()
	// Blocks of a few bytes put every line, and many a character, across
	// a block's end; the default puts most files in one block.
	defer func(size int) { streamBlockSize = size }(streamBlockSize)
	for _, size := range []int{streamBlockSize, 997, 7} {
		streamBlockSize = size
		for name, text := range cases {
			checkStreamedFile(t, dir, fmt.Sprintf("%s, blocks of %d", name, size), text)
		}
	}
	// A lone record is streamed too, so one huge record is not read twice.
	for name, streamed := range map[string]bool{"plain": true, "many": true, "many, general": true, "blank start": true, "long line": true,
		"one record": true, "one long": true, "one with values": true, "wrapper": false, "pretty": false, "many, one bad": false} {
		for _, size := range []int{997, 7} {
			streamBlockSize = size
			file := filepath.Join(dir, fmt.Sprintf("%s, blocks of %d.jsonl", name, size))
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			_, handled, _ := streamJSONLines(file, f)
			f.Close()
			if handled != streamed {
				t.Errorf("%s in blocks of %d: streamed %v, want %v", name, size, handled, streamed)
			}
		}
	}
}

// manyRecords is n plain records, with escapes and characters of every
// width, and odd put at the middle when not empty.
func manyRecords(n int, odd string) string {
	var b strings.Builder
	for i := range n {
		if i == n/2 && odd != "" {
			b.WriteString(odd + "\n")
		}
		fmt.Fprintf(&b, `{"content": "record %d\n\u00e9 漢 🙂 \ud83d\ude00 %s", "score": 0.%d, "source": "s%d"}`+"\n", i, strings.Repeat("w ", i%40), i%10, i)
	}
	return b.String()
}

// checkStreamedFile writes text to a file and fails t unless loading it
// gives what parsing it whole gives.
func checkStreamedFile(t *testing.T, dir, name, text string) {
	t.Run(name, func(t *testing.T) {
		path := filepath.Join(dir, name+".jsonl")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, gotFormat, gotErr := Load(path, nil, Options{})
		want, wantFormat, wantErr := Parse(path, []byte(text), FormatAuto)
		if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
			t.Fatalf("error %v, the whole-file parse says %v", gotErr, wantErr)
		}
		if gotFormat != wantFormat || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s %#v, the whole-file parse gives %s %#v", gotFormat, got, wantFormat, want)
		}
	})
}
