package cli

import (
	"bytes"
	"encoding/json"
	"testing"

	"ctxlab/core/diagnose"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/docs"
)

// build's JSON is written in one pass; it must be, byte for byte, the
// result, the findings and the cost marshalled by reflection and indented.
func TestBuildJSONIsTheMarshalledResultIndented(t *testing.T) {
	docs, _, err := docs.Load("../sample/docs/support_kb.jsonl", nil, docs.Options{})
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
		rate := 2.5
		cost := costJSON{Model: "gpt-4o", Known: true, PricesDate: "2026-12-01", Sources: []string{"https://example.com/prices"}, InputRate: &rate, InputTokens: res.TokensUsed}
		var got bytes.Buffer
		if err := writeBuildJSON(&got, res, findings, cost); err != nil {
			t.Fatal(err)
		}
		result, _ := json.Marshal(res)
		list, _ := json.Marshal(findings)
		compact := append(result[:len(result)-1:len(result)-1], `,"findings":`...)
		costData, _ := json.Marshal(cost)
		compact = append(append(compact, list...), `,"cost":`...)
		compact = append(append(compact, costData...), '}')
		var want bytes.Buffer
		if err := json.Indent(&want, compact, "", "  "); err != nil {
			t.Fatal(err)
		}
		want.WriteByte('\n')
		if !bytes.Equal(got.Bytes(), safetext.EscapeJSON(want.Bytes())) {
			t.Fatalf("budget %d: the JSON differs from the marshalled result indented", budget)
		}
		if budget == 1550 && len(findings) == 0 {
			t.Fatal("no findings at 1,550 tokens; the test compares none")
		}
	}
}

// A document longer than several pieces, full of characters made inert
// for a terminal (C1 controls, bidirectional and zero-width marks), is
// streamed in windows; made inert piece by piece, the JSON is still the
// marshalled result made inert whole.
func TestBuildJSONOfALongDocumentIsInertPieceByPiece(t *testing.T) {
	t.Parallel()
	var text bytes.Buffer
	for i := 0; text.Len() < 3*jsonPieceSize; i++ {
		text.WriteString([]string{"plain words ", "\u009b31m", "\u202e", "\u200b", "é漢🙂", "\x7f"}[i%6])
	}
	res, err := pipeline.Build(pipeline.Analyze([]value.Document{{Content: text.String(), Score: 0.9, Source: "long.txt"}}), pipeline.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.ExcludedDocs) != 1 {
		t.Fatalf("%d excluded documents; the test needs the long one listed whole", len(res.ExcludedDocs))
	}
	cost := costJSON{Model: "gpt-4o"}
	var got bytes.Buffer
	if err := writeBuildJSON(&got, res, nil, cost); err != nil {
		t.Fatal(err)
	}
	result, _ := json.Marshal(res)
	costData, _ := json.Marshal(cost)
	compact := append(result[:len(result)-1:len(result)-1], `,"findings":null,"cost":`...)
	compact = append(append(compact, costData...), '}')
	var want bytes.Buffer
	if err := json.Indent(&want, compact, "", "  "); err != nil {
		t.Fatal(err)
	}
	want.WriteByte('\n')
	if !bytes.Equal(got.Bytes(), safetext.EscapeJSON(want.Bytes())) {
		t.Fatal("the long document's JSON differs from the marshalled result made inert")
	}
}
