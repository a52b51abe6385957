package docs

import (
	"reflect"
	"testing"

	"ctxlab/loaders/internal/loadertest"
)

// The loaders that read a path, fuzzed through a file in a temporary
// folder: the streamed JSON Lines reader, price files, settings files
// and metrics logs. Each error is held to loadertest.CheckFuzzError's contract.

// FuzzStreamedDocuments: a JSON Lines file read line by line gives the
// documents the whole-file parser gives, or the same refusal.
func FuzzStreamedDocuments(f *testing.F) {
	loadertest.AddFileSeeds(f, loadertest.SampleDir, "docs/support_kb.jsonl", "docs/sla_chunks.jsonl", "docs/code_review.jsonl", "eval/corpus.jsonl")
	f.Add([]byte("{\"content\": \"a\"}\n{\"content\": \"b\", \"score\": 1e400}\n"))
	f.Add([]byte("{\"content\": \"a\"}\r\n\n{\"text\": \"b\", \"metadata\": {\"source\": 5}}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := loadertest.WriteFuzzFile(t, "docs.jsonl", data)
		streamed, format, err := Load(path, nil, Options{})
		whole, _, wholeErr := Parse(path, data, FormatAuto)
		if err != nil {
			loadertest.CheckFuzzError(t, err)
			if wholeErr == nil {
				t.Fatalf("the file is refused (%v), the same bytes parse whole", err)
			}
			return
		}
		if format != FormatJSONL {
			return // read whole: Parse is FuzzParseDocuments' subject
		}
		if wholeErr != nil {
			t.Fatalf("streamed %d documents, the whole file is refused: %v", len(streamed), wholeErr)
		}
		if !reflect.DeepEqual(streamed, whole) {
			t.Fatalf("streamed and whole-file documents differ:\n%#v\n%#v", streamed, whole)
		}
	})
}
