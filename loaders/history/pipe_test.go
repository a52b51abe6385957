package history

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"ctxlab/loaders/internal/loadertest"
)

// TestLoadHistoryReadsAPipe: a history from a FIFO (as `--history
// <(...)` gives), YAML or JSON, gives the messages its file gives; the
// YAML stream, which opens the path twice, read an empty input from it
// ("input is empty") or waited for a writer.
func TestLoadHistoryReadsAPipe(t *testing.T) {
	for name, text := range map[string]string{
		"history.yaml": "- role: user\n  content: where is my order\n- role: assistant\n  content: it ships tomorrow\n",
		"history.json": `[{"role": "user", "content": "where is my order"}, {"role": "assistant", "content": "it ships tomorrow"}]`,
	} {
		path := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		want, err := Load(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		fifo, done := loadertest.FIFOWritingOnce(t, []byte(text))
		got, err := Load(fifo, nil)
		done()
		if err != nil {
			t.Fatalf("%s through a pipe: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s through a pipe: %+v; the file gives %+v", name, got, want)
		}
	}
}
