package core

import (
	"context"
	"strings"
	"testing"
	"unsafe"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// TestSpaceNamesADocumentWithoutCopyingItsSource: a document's space
// item holds its source as the document does, apart from its label; the
// label held a copy of it, as long as the document for a long source.
func TestSpaceNamesADocumentWithoutCopyingItsSource(t *testing.T) {
	source := "kb/" + strings.Repeat("a ", 1<<16)
	s := DefaultSettings()
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	docs := []value.Document{{Content: "Paris is the capital of France.", Score: 0.9, Source: source}, {Content: "Rome is in Italy.", Score: 0.8}}
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: &Scenario{Documents: docs, Settings: s}}, s)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, it := range ev.Space() {
		if it.Kind != window.ItemDocument {
			continue
		}
		names = append(names, it.Label)
		if it.Source != docs[it.Ref].Source {
			t.Errorf("%s: source %.20q, want the document's", it.Label, it.Source)
		}
		if it.Source != "" && unsafe.StringData(it.Source) != unsafe.StringData(source) {
			t.Errorf("%s: the source was copied", it.Label)
		}
		want := it.Label
		if it.Source != "" {
			want += " " + it.Source
		}
		if it.Name() != want {
			t.Errorf("name %.30q, want %.30q", it.Name(), want)
		}
	}
	if strings.Join(names, ",") != "#1,#2" {
		t.Errorf("document labels %q, want #1 and #2", names)
	}
}
