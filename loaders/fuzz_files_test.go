package loaders

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"ctxlab/core"
	"ctxlab/core/window"
)

// The loaders that read a path, fuzzed through a file in a temporary
// folder: the streamed JSON Lines reader, price files, settings files
// and metrics logs. Each error is held to checkFuzzError's contract.

// sampleDir is the bundled sample (sample/), real input beside the
// recorded corpus.
var sampleDir = filepath.Join("..", "sample")

// addFileSeeds adds the files at rels (relative to dir) as seeds.
func addFileSeeds(f *testing.F, dir string, rels ...string) {
	f.Helper()
	for _, rel := range rels {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

func writeFuzzFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// FuzzStreamedDocuments: a JSON Lines file read line by line gives the
// documents the whole-file parser gives, or the same refusal.
func FuzzStreamedDocuments(f *testing.F) {
	addFileSeeds(f, sampleDir, "docs/support_kb.jsonl", "docs/sla_chunks.jsonl", "docs/code_review.jsonl", "eval/corpus.jsonl")
	f.Add([]byte("{\"content\": \"a\"}\n{\"content\": \"b\", \"score\": 1e400}\n"))
	f.Add([]byte("{\"content\": \"a\"}\r\n\n{\"text\": \"b\", \"metadata\": {\"source\": 5}}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := writeFuzzFile(t, "docs.jsonl", data)
		streamed, format, err := LoadDocuments(path, nil, DocOptions{})
		whole, _, wholeErr := ParseDocuments(path, data, FormatAuto)
		if err != nil {
			checkFuzzError(t, err)
			if wholeErr == nil {
				t.Fatalf("the file is refused (%v), the same bytes parse whole", err)
			}
			return
		}
		if format != FormatJSONL {
			return // read whole: ParseDocuments is FuzzParseDocuments' subject
		}
		if wholeErr != nil {
			t.Fatalf("streamed %d documents, the whole file is refused: %v", len(streamed), wholeErr)
		}
		if !reflect.DeepEqual(streamed, whole) {
			t.Fatalf("streamed and whole-file documents differ:\n%#v\n%#v", streamed, whole)
		}
	})
}

// FuzzLoadPrices: a price file gives prices or one clean error.
func FuzzLoadPrices(f *testing.F) {
	f.Add([]byte("date: 2027-01-15\nsource: https://example.com\nmodels:\n  gpt-4o: {input: 2.50, cached_input: 1.25, output: 10.00}\n"))
	f.Add([]byte("models:\n  x: {input: -1}\n  y: {output: .nan, note: 5}\n"))
	f.Add([]byte("models: [1, 2]\n"))
	f.Add([]byte("models:\n  a: &p {input: 1}\n  b: *p\n"))
	// A long model name as PyYAML writes it, an explicit key; and one
	// with no value after it.
	f.Add([]byte("models:\n  ? a model name long enough to be read as a long key\n  : input: 2.5\n    output: 10\n"))
	f.Add([]byte("models:\n  ? 'a model name, single-quoted, and long'\n  : {input: 1}\n  ? \"b\\u00e9 double-quoted model name\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := writeFuzzFile(t, "prices.yaml", data)
		table, err := LoadPrices(path)
		if err != nil {
			checkFuzzError(t, err)
			return
		}
		// Unknown (NaN) is a rate left out; any other is a price.
		for model, p := range table.Prices {
			for _, rate := range []float64{p.Input, p.CachedInput, p.Output} {
				if rate < 0 || math.IsInf(rate, 0) {
					t.Errorf("model %q: rate %v is not a non-negative number", model, rate)
				}
			}
		}
	})
}

// FuzzLoadSettingsFile: a settings file gives settings that validate,
// or one clean error.
func FuzzLoadSettingsFile(f *testing.F) {
	addFileSeeds(f, sampleDir, "overflow.yaml", "document_qa.yaml")
	f.Add([]byte("preset: document_qa\npipeline: {dedup_threshold: 0.5, budget_mode: strict}\nmemory: {strategy: rolling_summary}\n"))
	f.Add([]byte("window: 1\nbudget: {retrieved_context: 100000}\n"))
	f.Add([]byte("documents: x.jsonl\n"))
	f.Add([]byte("# nothing\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := LoadSettingsFile(writeFuzzFile(t, "settings.yaml", data), core.DefaultSettings(), window.BuiltinPresets())
		if err != nil {
			checkFuzzError(t, err)
			return
		}
		if err := s.Validate(); err != nil {
			t.Errorf("settings do not validate: %v", err)
		}
		if err := s.Budget.ValidateWindow(); err != nil {
			t.Errorf("budget does not validate: %v", err)
		}
	})
}

// FuzzLoadMetrics: a metrics log gives records whose sums cannot
// overflow, or one clean error naming the line.
func FuzzLoadMetrics(f *testing.F) {
	good := `{"request_id":"a","use_case":"u","total_input_tokens":1,"system_tokens":0,"history_tokens":0,"rag_tokens":0,"tool_tokens":0,"query_tokens":1,"budget_utilization":0.1,"truncated_components":[],"timestamp":"2026-01-02T03:04:05Z"}`
	for _, seed := range []string{good + "\n", good + "\n\n" + good, "\xEF\xBB\xBF" + good, "{}\n", good + "\n{", `{"total_input_tokens": 9223372036854775807}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		records, err := LoadMetrics(writeFuzzFile(t, "metrics.jsonl", data))
		if err != nil {
			checkFuzzError(t, err)
			return
		}
		for i, m := range records {
			if m.TotalInputTokens < 0 || m.TotalInputTokens > 1_000_000_000_000 {
				t.Errorf("record %d: total %d outside the documented limit", i+1, m.TotalInputTokens)
			}
		}
	})
}
