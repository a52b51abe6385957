package pipeline

import (
	"encoding/json"
	"testing"
	"unsafe"

	"ctxlab/core/value"
)

// A trace is kept per input document, a million of them for a large
// set: it was 160 bytes a document. A field added, widened or placed
// where it pads the struct shows here first.
func TestDocTraceSize(t *testing.T) {
	if got, most := unsafe.Sizeof(DocTrace{}), uintptr(72); got > most {
		t.Errorf("DocTrace is %d bytes, more than %d: every input document pays for it", got, most)
	}
}

// The trace's JSON keys, their order and their spelling are what they
// were before the trace was packed: the filter's and the budget's
// reasons under their own keys, positions as plain numbers, the fate as
// its word.
func TestDocTraceJSONKeepsItsKeys(t *testing.T) {
	filtered := DocTrace{Index: 0, SortedPos: -1, PosBeforeReorder: -1, PosAfterReorder: -1, CutAt: -1}
	filtered.markFiltered("2 tokens < minimum 5")
	cut := DocTrace{Index: 1, SortedPos: 1, PosBeforeReorder: 1, PosAfterReorder: 2,
		Fate: FatePartial, TokensKept: 40, CutAt: 180, Citation: 2,
		Duplicate: &Duplicate{Kind: DuplicateNear, Of: 1, Similarity: 0.75}, Nearest: &Neighbour{Of: 0, Similarity: 0.5}}
	cut.setBudgetReason("90 tokens > 40 remaining")
	tr := Trace{docTraces: traceTableOf([]DocTrace{filtered, cut}), docs: []value.Document{{Source: "a.md", Score: 0.5}, {Source: "b.md", Score: 0.25}}, tokens: tokenCountsOf(2, 90)}
	data, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"docs":[` +
		`{"index":0,"source":"a.md","score":0.5,"tokens":2,"filtered":true,"filter_reason":"2 tokens \u003c minimum 5","sorted_pos":-1,"pos_before_reorder":-1,"pos_after_reorder":-1,"fate":"filtered","tokens_kept":0,"cut_at":-1},` +
		`{"index":1,"source":"b.md","score":0.25,"tokens":90,"filtered":false,"sorted_pos":1,"duplicate":{"kind":"near","of":1,"similarity":0.75},"nearest":{"of":0,"similarity":0.5},"pos_before_reorder":1,"pos_after_reorder":2,"fate":"partial","tokens_kept":40,"cut_at":180,"citation":2,"budget_reason":"90 tokens \u003e 40 remaining"}],` +
		`"counts":{"input":0,"filtered":0,"duplicates":0,"reordered":false,"included":0,"partial":0,"summarized":0,"excluded":0},` +
		`"sorted":null,"deduped":null,"reordered":null,"cited":null,"budget_used":0,"tokenizer":"","budget_mode":""}`
	if string(data) != want {
		t.Errorf("JSON\n got %s\nwant %s", data, want)
	}
	if filtered.BudgetReason() != "" || cut.FilterReason() != "" {
		t.Errorf("a reason shows under the other stage: filtered's budget reason %q, cut's filter reason %q", filtered.BudgetReason(), cut.FilterReason())
	}
}

func TestCheckDocumentCount(t *testing.T) {
	if err := checkDocumentCount(MaxDocuments); err != nil {
		t.Errorf("%d documents refused: %v", MaxDocuments, err)
	}
	err := checkDocumentCount(MaxDocuments + 1)
	if want := "536,870,912 documents: a build traces at most 536,870,911"; err == nil || err.Error() != want {
		t.Errorf("one document too many: %v, want %q", err, want)
	}
}
