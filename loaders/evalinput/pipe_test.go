package evalinput

import (
	"os"
	"reflect"
	"testing"

	"ctxlab/loaders/internal/loadertest"
)

// TestLoadEvalRunReadsARunFromAPipe: a run from a FIFO (as `--run
// <(...)` gives) is read once: a JSON Lines run from the bytes its first
// line was judged on and the rest, which cannot be read again, and a
// TREC run a line at a time; each gives the set its file gives.
func TestLoadEvalRunReadsARunFromAPipe(t *testing.T) {
	paths := loadertest.EvalFiles(t, map[string]string{
		"run.jsonl":    "\n" + `{"qid": "a", "query": "refunds", "docs": [{"id": "x", "title": "T", "text": "one two", "score": 0.5}, {"id": "y", "text": "three"}]}` + "\n",
		"run.trec":     testRun,
		"corpus.jsonl": testCorpus,
	})
	for _, name := range []string{"run.jsonl", "run.trec"} {
		files := Files{Run: paths[name]}
		if name == "run.trec" {
			files.Corpus = paths["corpus.jsonl"]
		}
		want, err := LoadWith(files, Options{})
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(paths[name])
		if err != nil {
			t.Fatal(err)
		}
		fifo, done := loadertest.FIFOWritingOnce(t, data)
		files.Run = fifo
		got, err := LoadWith(files, Options{})
		done()
		if err != nil {
			t.Fatalf("%s through a pipe: %v", name, err)
		}
		for i := range want.Queries {
			w, g := want.Queries[i], got.Queries[i]
			if g.ID != w.ID || g.Text != w.Text || !reflect.DeepEqual(g.Documents(), w.Documents()) || !reflect.DeepEqual(docIDs(&g), docIDs(&w)) {
				t.Errorf("%s through a pipe: query %d is %+v; the file gives %+v", name, i, g, w)
			}
		}
		if len(got.Queries) != len(want.Queries) {
			t.Errorf("%s through a pipe: %d queries; the file gives %d", name, len(got.Queries), len(want.Queries))
		}
	}
}
