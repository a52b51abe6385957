package scenario

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"ctxlab/core"
	"ctxlab/loaders/internal/loadertest"
)

func TestScenarioEvalKeyResolvesAgainstTheScenario(t *testing.T) {
	paths := loadertest.EvalFiles(t, map[string]string{"s.yaml": "name: s\neval:\n  run: runs/run.trec\n  corpus: corpus.jsonl\n  qrels: judged/qrels.txt\n"})
	sc, err := LoadFile(paths["s.yaml"], Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(paths["s.yaml"])
	want := core.EvalRunPaths{Run: filepath.Join(dir, "runs", "run.trec"), Corpus: filepath.Join(dir, "corpus.jsonl"), Qrels: filepath.Join(dir, "judged", "qrels.txt")}
	if sc.EvalRun != want {
		t.Errorf("eval = %+v, want %+v", sc.EvalRun, want)
	}
	// An export keeps the run, and reads back to the same paths.
	out, err := Marshal(sc, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	again, err := parseScenario("export.yaml", out, diskFiles{dir: t.TempDir()}, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if again.EvalRun != want {
		t.Errorf("exported eval = %+v, want %+v\n%s", again.EvalRun, want, out)
	}
}

func TestScenarioEvalKeyRefusals(t *testing.T) {
	cases := []struct{ yaml, want string }{
		{"eval:\n  corpus: c.jsonl\n", "s.yaml: line 2, column 3: eval has no run"},
		{"eval:\n  run: r\n  judgments: q\n", `unknown key "judgments"`},
		{"eval: run.trec\n", "eval is"},
	}
	for _, c := range cases {
		paths := loadertest.EvalFiles(t, map[string]string{"s.yaml": c.yaml})
		_, err := LoadFile(paths["s.yaml"], Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err %v, want %q", c.yaml, err, c.want)
		}
	}
	embedded := fstest.MapFS{"s.yaml": {Data: []byte("eval:\n  run: r.trec\n")}}
	if _, err := LoadFS(embedded, "s.yaml"); err == nil || !strings.Contains(err.Error(), "this scenario is embedded") {
		t.Errorf("embedded: err %v", err)
	}
}
