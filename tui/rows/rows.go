package rows

import (
	"cmp"
	"slices"

	"ctxlab/core"
	"ctxlab/core/pipeline"
)

// Row is one line of the document list at a stage: which document,
// and whether it left at an earlier stage. That is all a row holds; how
// it looks (glyph, tone, score, tokens, note) is read from the trace
// when it is drawn or measured (LookOf), so a million-document list
// costs 8 bytes a row rather than the 107 a row that carried its look.
type Row struct {
	doc  int32 // index into the evaluation's Documents
	gone bool
}

// NewRow is the row of document doc, gone when it left at an earlier
// stage.
func NewRow(doc int, gone bool) Row { return Row{doc: int32(doc), gone: gone} }

// Index is the row's document as an index into the evaluation's
// Documents.
func (r Row) Index() int { return int(r.doc) }

// Gone says the document left at an earlier stage.
func (r Row) Gone() bool { return r.gone }

// ForStage lists the documents as they stand after a stage. Documents
// that left at an earlier stage stay listed, unless hidden, in their final
// state and where they explain themselves: filtered ones first, as they
// left first, and each duplicate right after the document it duplicates.
// So the first screen already shows every kind of fate.
func ForStage(ev *core.Evaluation, s Stage, hideGone bool) []Row {
	if ev == nil {
		return nil
	}
	if ev.SimpleRAG != nil {
		return simpleRAGRows(ev, s)
	}
	tr := ev.Build.Trace
	rows := make([]Row, 0, tr.Len())
	add := func(i int, gone bool) {
		if gone && hideGone {
			return
		}
		rows = append(rows, Row{doc: int32(i), gone: gone})
	}
	if s == StageInput {
		for i := range tr.Len() {
			add(i, false)
		}
		return rows
	}
	if s == StageFilter {
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
	if s == StageSort || s == StageDedup {
		// Duplicates stay in their sorted place: at Sort they are still in
		// play, at Dedup they are struck out where they lost.
		for _, i := range tr.Sorted {
			add(i, s == StageDedup && tr.Doc(i).Duplicate != nil)
		}
		return rows
	}
	var dupes duplicatesOf
	if !hideGone {
		dupes = listDuplicates(tr)
	}
	for _, i := range tr.Reordered {
		add(i, false)
		for _, p := range dupes.of(i) {
			add(int(p.dup), true)
		}
	}
	return rows
}

// duplicatesOf lists each kept document's duplicates in sorted order:
// the duplicates as (document, duplicate) pairs, sorted by the document
// and then in sorted order, found by a binary search. Two slices indexed
// by document, as before, cost 8 bytes a document (8 MB at a million,
// made beside the rows of two evaluations at the workbench's peak) for
// what is mostly a few duplicates; a map of slices cost a tenth of a knob
// change at 100,000 documents.
type duplicatesOf struct {
	pairs []duplicatePair
}

// duplicatePair is a duplicate and the document it duplicates.
type duplicatePair struct{ of, dup int32 }

func listDuplicates(tr pipeline.Trace) duplicatesOf {
	var l duplicatesOf
	for _, i := range tr.Sorted {
		if d := tr.Doc(i).Duplicate; d != nil {
			l.pairs = append(l.pairs, duplicatePair{of: int32(d.Of), dup: int32(i)})
		}
	}
	// Stable: each document's duplicates stay in sorted order.
	slices.SortStableFunc(l.pairs, func(a, b duplicatePair) int { return cmp.Compare(a.of, b.of) })
	return l
}

// of is doc's duplicates, in sorted order.
func (l duplicatesOf) of(doc int) []duplicatePair {
	if len(l.pairs) == 0 {
		return nil
	}
	key := int32(doc)
	start, found := slices.BinarySearchFunc(l.pairs, key, func(p duplicatePair, of int32) int { return cmp.Compare(p.of, of) })
	if !found {
		return nil
	}
	end := start + 1
	for end < len(l.pairs) && l.pairs[end].of == key {
		end++
	}
	return l.pairs[start:end]
}

// simpleRAGRows lists the article's builder's documents: in input order
// at the Input stage, else in its score order.
func simpleRAGRows(ev *core.Evaluation, s Stage) []Row {
	r := ev.SimpleRAG
	if s == StageInput {
		rows := make([]Row, len(r.Trace))
		for i := range rows {
			rows[i].doc = int32(i)
		}
		return rows
	}
	rows := make([]Row, len(r.Order))
	for k, i := range r.Order {
		rows[k].doc = int32(i)
	}
	return rows
}
