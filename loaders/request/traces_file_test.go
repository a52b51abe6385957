package request

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A traces file given where one request body is expected is named as
// what it is, with how to open one of its spans.
func TestParseNamesATracesFile(t *testing.T) {
	for _, file := range []string{"traces.jsonl", "traces.json"} {
		path := filepath.Join("..", "trace", "testdata", "openinference", file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Parse(path, data, Options{})
		want := path + ": is an OTLP JSON traces file, not one request body; expected --span-id ID to open one of its LLM spans (ctxlab traces " + path + " lists them; ctxlab --traces " + path + " picks one)"
		if err == nil || err.Error() != want {
			t.Errorf("%s: got %v\nwant %s", file, err, want)
		}
		if _, err = Parse("stdin", data, Options{}); err == nil || !strings.Contains(err.Error(), "stdin: is an OTLP JSON traces file, not one request body; expected the file by name") {
			t.Errorf("%s on stdin: got %v", file, err)
		}
	}
}
