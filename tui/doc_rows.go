package tui

import (
	"ctxlab/core"
	"ctxlab/core/pipeline"
)

// docRow is one line of the document list at a stage: which document,
// and whether it left at an earlier stage. That is all a row holds; how
// it looks (glyph, tone, score, tokens, note) is read from the trace
// when it is drawn or measured (lookRow), so a million-document list
// costs 8 bytes a row rather than the 107 a row that carried its look.
type docRow struct {
	doc  int32 // index into the evaluation's Documents
	gone bool
}

// index is the row's document as an index into the evaluation's
// Documents.
func (r docRow) index() int { return int(r.doc) }

// stageRows lists the documents as they stand after a stage. Documents
// that left at an earlier stage stay listed, unless hidden, in their final
// state and where they explain themselves: filtered ones first, as they
// left first, and each duplicate right after the document it duplicates.
// So the first screen already shows every kind of fate.
func stageRows(ev *core.Evaluation, s stage, hideGone bool) []docRow {
	if ev == nil {
		return nil
	}
	if ev.SimpleRAG != nil {
		return simpleRAGRows(ev, s)
	}
	tr := ev.Build.Trace
	rows := make([]docRow, 0, tr.Len())
	add := func(i int, gone bool) {
		if gone && hideGone {
			return
		}
		rows = append(rows, docRow{doc: int32(i), gone: gone})
	}
	if s == stageInput {
		for i := range tr.Len() {
			add(i, false)
		}
		return rows
	}
	if s == stageFilter {
		for i := range tr.Len() {
			add(i, tr.Filtered(i))
		}
		return rows
	}
	if !hideGone {
		for i := range tr.Len() {
			if tr.Filtered(i) {
				add(i, true)
			}
		}
	}
	if s == stageSort || s == stageDedup {
		// Duplicates stay in their sorted place: at Sort they are still in
		// play, at Dedup they are struck out where they lost.
		for _, i := range tr.Sorted {
			add(i, s == stageDedup && tr.Doc(i).Duplicate != nil)
		}
		return rows
	}
	var dupes duplicatesOf
	if !hideGone {
		dupes = listDuplicates(tr)
	}
	for _, i := range tr.Reordered {
		add(i, false)
		for dup := dupes.first(i); dup >= 0; dup = dupes.after(dup) {
			add(dup, true)
		}
	}
	return rows
}

// duplicatesOf lists each kept document's duplicates in sorted order,
// as two slices indexed by document rather than a map of slices: at
// 100,000 documents a map with a slice per kept document cost a tenth
// of a knob change.
type duplicatesOf struct {
	firstOf []int32 // document -> its first duplicate + 1, 0 for none
	next    []int32 // duplicate -> the next duplicate of the same document + 1
}

func listDuplicates(tr pipeline.Trace) duplicatesOf {
	l := duplicatesOf{firstOf: make([]int32, tr.Len()), next: make([]int32, tr.Len())}
	// Walking the sorted order backwards and putting each duplicate in
	// front leaves every list in sorted order.
	for k := len(tr.Sorted) - 1; k >= 0; k-- {
		i := tr.Sorted[k]
		if d := tr.Doc(i).Duplicate; d != nil {
			l.next[i] = l.firstOf[d.Of]
			l.firstOf[d.Of] = int32(i + 1)
		}
	}
	return l
}

// first is doc's first duplicate, -1 when it has none (or none are
// listed).
func (l duplicatesOf) first(doc int) int {
	if l.firstOf == nil {
		return -1
	}
	return int(l.firstOf[doc]) - 1
}

// after is the duplicate listed after dup, -1 at the end.
func (l duplicatesOf) after(dup int) int { return int(l.next[dup]) - 1 }

// simpleRAGRows lists the article's builder's documents: in input order
// at the Input stage, else in its score order.
func simpleRAGRows(ev *core.Evaluation, s stage) []docRow {
	r := ev.SimpleRAG
	if s == stageInput {
		rows := make([]docRow, len(r.Trace))
		for i := range rows {
			rows[i].doc = int32(i)
		}
		return rows
	}
	rows := make([]docRow, len(r.Order))
	for k, i := range r.Order {
		rows[k].doc = int32(i)
	}
	return rows
}
