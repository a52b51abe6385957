package cli

import (
	"bytes"
	"context"
	"testing"

	"ctxlab/core"
	"ctxlab/core/evalrun"
	"ctxlab/core/tokens"
	"ctxlab/loaders/evalinput"
)

// TestWorkbenchRunFiguresAreEvals: the run the workbench prepares, its
// analyses kept (the bundled sample, under evalKeepBudget) or made on
// every run (as for a run too large to keep them), reports what ctxlab
// eval writes for the same settings, byte for byte.
func TestWorkbenchRunFiguresAreEvals(t *testing.T) {
	files := evalinput.Files{
		Run: "../sample/eval/run.trec", Corpus: "../sample/eval/corpus.jsonl",
		Queries: "../sample/eval/queries.jsonl", Qrels: "../sample/eval/qrels.tsv",
	}
	var want bytes.Buffer
	env := testEnv()
	env.Stdout = &want
	if err := runEval(env, []string{"--run", files.Run, "--corpus", files.Corpus, "--queries", files.Queries, "--qrels", files.Qrels,
		"--tokenizer", "heuristic", "--budget", "1000", "--format", "json"}); err != nil {
		t.Fatal(err)
	}
	settings := core.DefaultSettings()
	settings.Budget.RetrievedContext = 1000
	settings.Pipeline.Tokenizer, _ = tokens.ByName(tokens.TokenizerHeuristic)
	for _, c := range []struct {
		budget int64
		kept   bool
	}{{evalKeepBudget(files), true}, {0, false}} {
		set, err := evalinput.LoadWith(files, evalinput.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p := evalrun.PrepareWithin(set, c.budget)
		if p.Kept() != c.kept {
			t.Fatalf("budget %d: analyses kept %v, want %v", c.budget, p.Kept(), c.kept)
		}
		// Twice: a knob change runs the set again.
		for range 2 {
			rep, err := p.Run(context.Background(), settings)
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := writeEvalJSON(&got, set, rep); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("kept %v: the run's report differs from ctxlab eval's:\n%s\nwant:\n%s", c.kept, got.String(), want.String())
			}
		}
	}
}
