package pipeline

import (
	"testing"
	"unsafe"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/value"
)

// Every input document pays for its state, a million of them for a large
// set; the full DocTrace only the documents past the filter pay for.
func TestDocStateSize(t *testing.T) {
	if got, most := unsafe.Sizeof(docState{}), uintptr(8); got > most {
		t.Errorf("docState is %d bytes, more than %d: every input document pays for it", got, most)
	}
}

// A document the filter removes takes no slot in the side table, and
// reads back as a trace at no stage after the filter; one that passes
// takes exactly one slot, whatever the stages after wrote.
func TestFilteredDocumentsTakeNoSlot(t *testing.T) {
	docs := []value.Document{
		{Content: "one", Score: 0.9},
		{Content: testtext.Words(30, "a"), Score: 0.8},
		{Content: "two words", Score: 0.7},
		{Content: testtext.Words(30, "a"), Score: 0.6}, // an exact duplicate
		{Content: testtext.Words(40, "b"), Score: 0.5},
	}
	res := mustBuild(t, docs, func(o *Options) { o.Budget, o.PartialMinRemaining = 70, 10 })
	tr := &res.Trace
	if got := len(tr.docTraces.details); got != len(tr.Sorted) || got != 3 {
		t.Errorf("%d slots for %d sorted documents, want 3", got, len(tr.Sorted))
	}
	for _, i := range []int{0, 2} {
		d := tr.Doc(i)
		want := untraced(i)
		want.Fate, want.Filtered, want.reason = FateFiltered, true, d.FilterReason()
		if d != want || d.FilterReason() == "" || !tr.Filtered(i) || tr.Fate(i) != FateFiltered {
			t.Errorf("filtered document %d reads %+v, want %+v with a reason", i, d, want)
		}
	}
	if d := tr.Doc(3); d.Duplicate == nil || d.Fate != FateDuplicate || d.SortedPos != 1 {
		t.Errorf("duplicate reads %+v", d)
	}
	if d := tr.Doc(4); d.Fate != FatePartial || d.CutAt <= 0 || d.BudgetReason() == "" || d.Citation == 0 {
		t.Errorf("cut document reads %+v", d)
	}
}

// traceTableOf stores whole traces made by hand, each in its own slot,
// so Trace.Doc gives each back as it was written.
func traceTableOf(docs []DocTrace) traceTable {
	t := newTraceTable(len(docs))
	if docs == nil {
		t.states = nil
	}
	for i, d := range docs {
		*t.detail(i) = d
		if d.Filtered {
			t.markFiltered(i, t.addReason(d.reason))
		}
		t.setFate(i, d.Fate)
	}
	return t
}

// markFiltered writes a filter's decision into a trace made by hand.
func (d *DocTrace) markFiltered(reason string) {
	d.Filtered, d.Fate, d.reason = true, FateFiltered, reason
}

// Every fate and every filter reason number up to MaxDocuments fit in a
// document's state, and reading them back gives what was written.
func TestDocStateHoldsEveryFateAndReason(t *testing.T) {
	if len(fateWords) > 1<<fateBits {
		t.Fatalf("%d fates do not fit in %d bits", len(fateWords), fateBits)
	}
	tab := newTraceTable(2)
	tab.reasons = make([]string, 0) // markFiltered takes the number as given
	tab.markFiltered(0, MaxDocuments)
	if s := tab.states[0]; !s.isFiltered() || s.reason() != MaxDocuments || s.fate() != FateFiltered {
		t.Errorf("filtered with reason %d: reads back filtered %v, reason %d, fate %v", MaxDocuments, s.isFiltered(), s.reason(), s.fate())
	}
	for f := range Fate(len(fateWords)) {
		tab.setFate(1, f)
		if s := tab.states[1]; s.fate() != f || s.isFiltered() != (f == FateFiltered) {
			t.Errorf("setFate(%v) reads back %v, filtered %v", f, s.fate(), s.isFiltered())
		}
	}
}
