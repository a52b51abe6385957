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

// rowLook is how a row is drawn: what the trace says of its document at
// the row's stage. It only arranges what the trace says; nothing is
// decided here. Rows do not keep it (docRow): it is made for the rows
// drawn, measured or exported, and dropped.
type rowLook struct {
	glyph  string
	tone   rowTone
	score  float64
	tokens int
	note   rowNote
}

// shown is the note a column of a width shows: the words when they fit
// it, else the short note.
func (l rowLook) shown(wordy bool) string { return l.note.text(wordy) }

// rowSource is the evaluation and stage a list's rows were made from
// (stageRows): what their looks are read from.
type rowSource struct {
	ev    *core.Evaluation
	stage stage
}

// look is row r's look at the source's stage.
func (src rowSource) look(r docRow) rowLook { return lookRow(src.ev, src.stage, r) }

// lookRow is how row r of stageRows(ev, s, ...) looks.
func lookRow(ev *core.Evaluation, s stage, r docRow) rowLook {
	if ev.SimpleRAG != nil {
		return simpleRAGRowLook(ev, s, r.index())
	}
	tr := ev.Build.Trace
	i := r.index()
	d := tr.Doc(i)
	l := rowLook{score: tr.Score(i), tokens: tr.Tokens(i)}
	// The note says why the row is where stageRows put it: a filtered
	// document left first, a gone one past the filter is a duplicate,
	// the rest say what the stage did with them.
	switch {
	case s == stageInput:
	case r.gone && tr.Filtered(i):
		l.note = rowNote{kind: noteFiltered, n1: l.tokens, n2: ev.Settings.Pipeline.MinDocTokens}
	case s == stageFilter:
		l.note = rowNote{kind: noteKept}
	case s == stageSort:
		l.note = rowNote{kind: noteSortRank, n1: int(d.SortedPos) + 1}
	case r.gone:
		l.note = duplicateNote(ev, d.Duplicate)
	case s == stageDedup:
		l.note = rowNote{kind: noteDedupKept, n1: int(d.PosBeforeReorder) + 1}
	case s == stageBudget:
		l.note = budgetNote(&d, l.tokens)
	default:
		l.note = rowNote{kind: noteReordered, n1: int(d.PosBeforeReorder) + 1, n2: int(d.PosAfterReorder) + 1}
	}
	l.glyph, l.tone = fateLook(d.Fate)
	if d.Duplicate != nil && d.Duplicate.Kind == pipeline.DuplicateExact {
		l.glyph = "="
	}
	if !r.gone && s < stageBudget {
		l.glyph, l.tone = "•", tonePlain
	}
	if s == stageBudget && !r.gone {
		l.note.cut = ev.RAGSurvival[i]
		l.glyph, l.tone = sentLook(l.glyph, l.tone, l.note.cut)
	}
	return l
}

// simpleRAGRowLook is how the article's builder's document i looks at a
// stage.
func simpleRAGRowLook(ev *core.Evaluation, s stage, i int) rowLook {
	d := ev.SimpleRAG.Trace[i]
	l := rowLook{glyph: "•", score: d.Score, tokens: d.Tokens}
	switch s {
	case stageSort:
		l.note = rowNote{kind: noteSortRank, n1: d.Rank + 1}
	case stageBudget:
		switch d.Fate {
		case pipeline.SimpleRAGIncluded:
			l.glyph, l.tone, l.note = "✓", toneIncluded, rowNote{kind: noteSimpleWhole, citation: d.Citation}
		case pipeline.SimpleRAGTruncated:
			l.glyph, l.tone, l.note = "✂", tonePartial, rowNote{kind: noteCut, citation: d.Citation, n1: d.TokensKept, n2: d.Tokens}
		case pipeline.SimpleRAGDropped:
			l.glyph, l.tone, l.note = "✗", toneExcluded, rowNote{kind: noteSimpleDropped}
		default:
			l.glyph, l.tone, l.note = "✗", toneExcluded, rowNote{kind: noteSimpleNotReached}
		}
		l.note.cut = ev.RAGSurvival[i]
		l.glyph, l.tone = sentLook(l.glyph, l.tone, l.note.cut)
	}
	return l
}

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
	switch d.SharedKey() {
	case "":
	case "URL":
		return rowNote{kind: noteSameURL, n1: displayNumber(ev, d.Of)}
	default:
		return rowNote{kind: noteSameKey, n1: displayNumber(ev, d.Of)}
	}
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
