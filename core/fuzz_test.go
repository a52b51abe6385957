package core_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"ctxlab/core"
	"ctxlab/core/pipeline"
)

// fuzzSeedTexts are the bundled sample's documents, so the fuzzer starts
// from real retrieval text as well as the generated vocabulary.
func fuzzSeedTexts(f *testing.F) []string {
	f.Helper()
	var texts []string
	for _, name := range []string{"support_kb.jsonl", "sla_chunks.jsonl", "code_review.jsonl"} {
		data, err := os.ReadFile(filepath.Join("..", "sample", "docs", name))
		if err != nil {
			f.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var d struct{ Content string }
			if json.Unmarshal(sc.Bytes(), &d) == nil && d.Content != "" {
				texts = append(texts, d.Content)
			}
		}
	}
	return texts
}

func addFuzzSeeds(f *testing.F) {
	f.Helper()
	f.Add([]byte{}, "")
	f.Add([]byte("\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16"), "x")
	for i, text := range fuzzSeedTexts(f) {
		seed := bytes.Repeat([]byte{byte(i), 0x3f, byte(7 * i), 0x41, 0xff, byte(i * 13)}, 12)
		f.Add(seed, text)
	}
}

// FuzzBuild runs the reference's pipeline on documents and options derived
// from the bytes: no panic, every invariant of checkBuild, and the same
// bytes out for the same input twice.
func FuzzBuild(f *testing.F) {
	addFuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, raw string) {
		b := &fuzzBytes{data: data}
		s := fuzzSettings(b)
		if s.Validate() != nil {
			return // refused by the knob table, as every surface refuses it
		}
		sc := fuzzScenario(b, raw)
		opts := pipeline.Options{Settings: s.Pipeline, Budget: b.small(), Query: fuzzText(b, raw)}
		res, err := pipeline.Build(pipeline.Analyze(sc.Documents), opts)
		if err != nil {
			t.Fatalf("validated options refused: %v", err)
		}
		checkBuild(t, sc.Documents, opts, res)
		again, err := pipeline.Build(pipeline.Analyze(sc.Documents), opts)
		if err != nil {
			t.Fatal(err)
		}
		first, _ := json.Marshal(res.Trace)
		second, _ := json.Marshal(again.Trace)
		if res.ContextBlock != again.ContextBlock || !bytes.Equal(first, second) {
			t.Errorf("the same input built twice differs")
		}
	})
}

// FuzzEvaluate runs the whole evaluation, the article's assembly included,
// on a scenario and settings derived from the bytes: no panic, an error
// only as a refusal, the total the sum of its lines, and the same bytes
// for the same input twice.
func FuzzEvaluate(f *testing.F) {
	addFuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, raw string) {
		b := &fuzzBytes{data: data}
		s := fuzzSettings(b)
		if s.Validate() != nil {
			return
		}
		in := core.EvalInput{Scenario: fuzzScenario(b, raw), Now: fuzzNow, RequestID: "fuzz"}
		ev, err := core.Evaluate(context.Background(), in, s)
		if err != nil {
			// Item edits may name an item the input lacks; that is a
			// refusal with a message, never a half-made evaluation.
			if ev != nil || err.Error() == "" {
				t.Fatalf("error %v with evaluation %v", err, ev != nil)
			}
			return
		}
		checkAssembly(t, ev)
		again, err := core.Evaluate(context.Background(), in, s)
		if err != nil {
			t.Fatal(err)
		}
		if evaluationBytes(t, ev) != evaluationBytes(t, again) {
			t.Error("the same input evaluated twice differs")
		}
	})
}
