package tui

import (
	"ctxlab/core"
	"ctxlab/core/pipeline"
)

// rowTone is how a row is drawn, readable without colour through its
// glyph as well.
type rowTone int

const (
	tonePlain rowTone = iota
	toneIncluded
	tonePartial
	toneSummarized
	toneExcluded
	toneDuplicate
	toneFiltered
)

// docRow is one line of the document list at a stage. It only arranges
// what the trace says; nothing is decided here.
type docRow struct {
	doc    int // index into the evaluation's Documents
	gone   bool
	glyph  string
	tone   rowTone
	score  float64
	tokens int
	note   rowNote
}

// shown is the note a column of a width shows: the words when they fit
// it, else the short note.
func (r docRow) shown(wordy bool) string { return r.note.text(wordy) }

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
	add := func(i int, gone bool, n rowNote) {
		if gone && hideGone {
			return
		}
		d := tr.Doc(i)
		glyph, tone := fateLook(d.Fate)
		if d.Duplicate != nil && d.Duplicate.Kind == pipeline.DuplicateExact {
			glyph = "="
		}
		if !gone && s < stageBudget {
			glyph, tone = "•", tonePlain
		}
		if s == stageBudget && !gone {
			n.cut = ev.RAGSurvival[i]
			glyph, tone = sentLook(glyph, tone, n.cut)
		}
		rows = append(rows, docRow{doc: i, gone: gone, glyph: glyph, tone: tone, score: tr.Score(i), tokens: tr.Tokens(i), note: n})
	}
	minTokens := ev.Settings.Pipeline.MinDocTokens
	if s == stageInput {
		for i := range tr.Len() {
			add(i, false, rowNote{})
		}
		return rows
	}
	if s == stageFilter {
		for i := range tr.Len() {
			if tr.Filtered(i) {
				add(i, true, rowNote{kind: noteFiltered, n1: tr.Tokens(i), n2: minTokens})
			} else {
				add(i, false, rowNote{kind: noteKept})
			}
		}
		return rows
	}
	if !hideGone {
		for i := range tr.Len() {
			if tr.Filtered(i) {
				add(i, true, rowNote{kind: noteFiltered, n1: tr.Tokens(i), n2: minTokens})
			}
		}
	}
	if s == stageSort || s == stageDedup {
		// Duplicates stay in their sorted place: at Sort they are still in
		// play, at Dedup they are struck out where they lost.
		for _, i := range tr.Sorted {
			d := tr.Doc(i)
			switch {
			case s == stageSort:
				add(i, false, rowNote{kind: noteSortRank, n1: int(d.SortedPos) + 1})
			case d.Duplicate != nil:
				add(i, true, duplicateNote(ev, d.Duplicate))
			default:
				add(i, false, rowNote{kind: noteDedupKept, n1: int(d.PosBeforeReorder) + 1})
			}
		}
		return rows
	}
	var dupes duplicatesOf
	if !hideGone {
		dupes = listDuplicates(tr)
	}
	for _, i := range tr.Reordered {
		d := tr.Doc(i)
		note := rowNote{kind: noteReordered, n1: int(d.PosBeforeReorder) + 1, n2: int(d.PosAfterReorder) + 1}
		if s == stageBudget {
			note = budgetNote(&d, tr.Tokens(i))
		}
		add(i, false, note)
		for dup := dupes.first(i); dup >= 0; dup = dupes.after(dup) {
			add(dup, true, duplicateNote(ev, tr.Doc(dup).Duplicate))
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

func fateLook(f pipeline.Fate) (string, rowTone) {
	switch f {
	case pipeline.FateIncluded:
		return "✓", toneIncluded
	case pipeline.FatePartial:
		return "✂", tonePartial
	case pipeline.FateSummarized:
		return "Σ", toneSummarized
	case pipeline.FateExcluded:
		return "✗", toneExcluded
	case pipeline.FateDuplicate:
		return "≈", toneDuplicate
	case pipeline.FateFiltered:
		return "·", toneFiltered
	}
	return "•", tonePlain
}

// sentLook is how a Budget row looks once the assembler's cut of the
// retrieved context is counted: a cited document it cut out is lost (✗),
// one it cut into is cut (✂).
func sentLook(glyph string, tone rowTone, survival core.CitedSurvival) (string, rowTone) {
	switch survival {
	case core.SurvivedLost:
		return "✗", toneExcluded
	case core.SurvivedCut:
		return "✂", tonePartial
	}
	return glyph, tone
}

// duplicateNote is what a duplicate duplicates.
func duplicateNote(ev *core.Evaluation, d *pipeline.Duplicate) rowNote {
	if d.Kind == pipeline.DuplicateExact {
		return rowNote{kind: noteExactCopy, n1: displayNumber(ev, d.Of)}
	}
	return rowNote{kind: noteNearCopy, n1: displayNumber(ev, d.Of), sim: d.Similarity}
}

// budgetNote is the budget's verdict on a document of tokens tokens.
func budgetNote(d *pipeline.DocTrace, tokens int) rowNote {
	switch d.Fate {
	case pipeline.FateIncluded:
		return rowNote{kind: noteSentWhole, citation: int(d.Citation), n1: int(d.PosBeforeReorder) + 1}
	case pipeline.FatePartial:
		return rowNote{kind: noteCut, citation: int(d.Citation), n1: d.TokensKept, n2: tokens}
	case pipeline.FateSummarized:
		return rowNote{kind: noteSynopsis, citation: int(d.Citation), n1: d.TokensKept, n2: tokens}
	case pipeline.FateExcluded:
		return rowNote{kind: noteOverBudget, n1: int(d.PosBeforeReorder) + 1}
	}
	return rowNote{}
}

func simpleRAGRows(ev *core.Evaluation, s stage) []docRow {
	r := ev.SimpleRAG
	order := r.Order
	if s == stageInput {
		order = make([]int, len(r.Trace))
		for i := range order {
			order[i] = i
		}
	}
	rows := make([]docRow, 0, len(order))
	for _, i := range order {
		d := r.Trace[i]
		row := docRow{doc: i, glyph: "•", score: d.Score, tokens: d.Tokens}
		switch s {
		case stageSort:
			row.note = rowNote{kind: noteSortRank, n1: d.Rank + 1}
		case stageBudget:
			switch d.Fate {
			case pipeline.SimpleRAGIncluded:
				row.glyph, row.tone, row.note = "✓", toneIncluded, rowNote{kind: noteSimpleWhole, citation: d.Citation}
			case pipeline.SimpleRAGTruncated:
				row.glyph, row.tone, row.note = "✂", tonePartial, rowNote{kind: noteCut, citation: d.Citation, n1: d.TokensKept, n2: d.Tokens}
			case pipeline.SimpleRAGDropped:
				row.glyph, row.tone, row.note = "✗", toneExcluded, rowNote{kind: noteSimpleDropped}
			default:
				row.glyph, row.tone, row.note = "✗", toneExcluded, rowNote{kind: noteSimpleNotReached}
			}
			row.note.cut = ev.RAGSurvival[i]
			row.glyph, row.tone = sentLook(row.glyph, row.tone, row.note.cut)
		}
		rows = append(rows, row)
	}
	return rows
}
