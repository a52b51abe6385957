package cli

import (
	"bytes"
	"encoding/json"
	"testing"

	"ctxlab/core/diagnose"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/loaders"
)

// build's JSON is written in one pass; it must be, byte for byte, the
// result and the findings marshalled by reflection and indented.
func TestBuildJSONIsTheMarshalledResultIndented(t *testing.T) {
	docs, _, err := loaders.LoadDocuments("../sample/docs/support_kb.jsonl", nil, loaders.DocOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int{300, 1550, 100_000} {
		opts := pipeline.DefaultOptions()
		opts.Tokenizer, _ = tokens.ByName(tokens.TokenizerHeuristic)
		opts.Budget = budget
		res, err := pipeline.Build(pipeline.Analyze(docs), opts)
		if err != nil {
			t.Fatal(err)
		}
		findings := diagnose.Diagnose(diagnose.Input{Documents: docs, Build: res, Pipeline: opts.Settings, RAGBudget: budget})
		got, err := buildJSON(res, findings)
		if err != nil {
			t.Fatal(err)
		}
		result, _ := json.Marshal(res)
		list, _ := json.Marshal(findings)
		compact := append(result[:len(result)-1:len(result)-1], `,"findings":`...)
		compact = append(append(compact, list...), '}')
		var want bytes.Buffer
		if err := json.Indent(&want, compact, "", "  "); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("budget %d: the JSON differs from the marshalled result indented", budget)
		}
		if budget == 1550 && len(findings) == 0 {
			t.Fatal("no findings at 1,550 tokens; the test compares none")
		}
	}
}
