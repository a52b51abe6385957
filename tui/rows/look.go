package rows

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/themes"
)

// Tone is how a row is drawn, readable without colour through its
// glyph as well.
type Tone int

const (
	TonePlain Tone = iota
	ToneIncluded
	TonePartial
	ToneSummarized
	ToneExcluded
	ToneDuplicate
	ToneFiltered
)

// Look is how a row is drawn: what the trace says of its document at
// the row's stage. It only arranges what the trace says; nothing is
// decided here. Rows do not keep it (Row): it is made for the rows
// drawn, measured or exported, and dropped. It is read through its
// methods.
type Look struct {
	glyph  string
	tone   Tone
	score  float64
	tokens int
	note   Note
}

// Glyph is the row's mark: ✓ ✂ Σ ✗ ≈ = · or •.
func (l Look) Glyph() string { return l.glyph }

// Tone is the style the row is drawn in.
func (l Look) Tone() Tone { return l.tone }

// Score is the document's retrieval score.
func (l Look) Score() float64 { return l.score }

// Tokens is the document's token count.
func (l Look) Tokens() int { return l.tokens }

// Note is what the stage did with the document, as numbers.
func (l Look) Note() Note { return l.note }

// Shown is the note a column of a width shows: the words when they fit
// it, else the short note.
func (l Look) Shown(wordy bool) string { return l.note.Text(wordy) }

// ShownWithoutRank is the note beside a baseline mark: without its
// rank, which says nothing about the change and would push the mark's
// words ("≠ stage over") off a 120-column list.
func (l Look) ShownWithoutRank(wordy bool) string {
	text := l.Shown(wordy)
	switch l.note.kind {
	case noteSentWhole, noteOverBudget, noteDedupKept:
		for _, sep := range []string{" · rank ", " rank "} {
			if i := strings.Index(text, sep); i >= 0 {
				return text[:i]
			}
		}
	}
	return text
}

// Source is the evaluation and stage a list's rows were made from
// (ForStage): what their looks are read from.
type Source struct {
	ev    *core.Evaluation
	stage Stage
}

// NewSource is the source of rows ForStage(ev, s, ...) made.
func NewSource(ev *core.Evaluation, s Stage) Source { return Source{ev: ev, stage: s} }

// Look is row r's look at the source's stage.
func (src Source) Look(r Row) Look { return LookOf(src.ev, src.stage, r) }

// LookOf is how row r of ForStage(ev, s, ...) looks.
func LookOf(ev *core.Evaluation, s Stage, r Row) Look {
	if ev.SimpleRAG != nil {
		return simpleRAGRowLook(ev, s, r.Index())
	}
	tr := ev.Build.Trace
	i := r.Index()
	d := tr.Doc(i)
	l := Look{score: tr.Score(i), tokens: tr.Tokens(i)}
	// The note says why the row is where ForStage put it: a filtered
	// document left first, a gone one past the filter is a duplicate,
	// the rest say what the stage did with them.
	switch {
	case s == StageInput:
	case r.gone && tr.Filtered(i):
		l.note = Note{kind: noteFiltered, n1: l.tokens, n2: ev.Settings.Pipeline.MinDocTokens}
	case s == StageFilter:
		l.note = Note{kind: noteKept}
	case s == StageSort:
		l.note = Note{kind: noteSortRank, n1: int(d.SortedPos) + 1}
	case r.gone:
		l.note = duplicateNote(ev, d.Duplicate)
	case s == StageDedup:
		l.note = Note{kind: noteDedupKept, n1: int(d.PosBeforeReorder) + 1}
	case s == StageBudget:
		l.note = budgetNote(&d, l.tokens)
	default:
		l.note = Note{kind: noteReordered, n1: int(d.PosBeforeReorder) + 1, n2: int(d.PosAfterReorder) + 1}
	}
	l.glyph, l.tone = FateLook(d.Fate)
	if d.Duplicate != nil && d.Duplicate.Kind == pipeline.DuplicateExact {
		l.glyph = "="
	}
	if !r.gone && s < StageBudget {
		l.glyph, l.tone = "•", TonePlain
	}
	if s == StageBudget && !r.gone {
		l.note.cut = ev.RAGSurvival[i]
		l.glyph, l.tone = sentLook(l.glyph, l.tone, l.note.cut)
	}
	return l
}

// simpleRAGRowLook is how the article's builder's document i looks at a
// stage.
func simpleRAGRowLook(ev *core.Evaluation, s Stage, i int) Look {
	d := ev.SimpleRAG.Trace[i]
	l := Look{glyph: "•", score: d.Score, tokens: d.Tokens}
	switch s {
	case StageSort:
		l.note = Note{kind: noteSortRank, n1: d.Rank + 1}
	case StageBudget:
		switch d.Fate {
		case pipeline.SimpleRAGIncluded:
			l.glyph, l.tone, l.note = "✓", ToneIncluded, Note{kind: noteSimpleWhole, citation: d.Citation}
		case pipeline.SimpleRAGTruncated:
			l.glyph, l.tone, l.note = "✂", TonePartial, Note{kind: noteCut, citation: d.Citation, n1: d.TokensKept, n2: d.Tokens}
		case pipeline.SimpleRAGDropped:
			l.glyph, l.tone, l.note = "✗", ToneExcluded, Note{kind: noteSimpleDropped}
		default:
			l.glyph, l.tone, l.note = "✗", ToneExcluded, Note{kind: noteSimpleNotReached}
		}
		l.note.cut = ev.RAGSurvival[i]
		l.glyph, l.tone = sentLook(l.glyph, l.tone, l.note.cut)
	}
	return l
}

// DuplicateMark leads a removed duplicate's source where no colour
// strikes it out (the mono theme, NO_COLOR), beside the row's ≈ or =.
const DuplicateMark = "(dup) "

// FateLook is the glyph and tone of a fate.
func FateLook(f pipeline.Fate) (string, Tone) {
	switch f {
	case pipeline.FateIncluded:
		return "✓", ToneIncluded
	case pipeline.FatePartial:
		return "✂", TonePartial
	case pipeline.FateSummarized:
		return "Σ", ToneSummarized
	case pipeline.FateExcluded:
		return "✗", ToneExcluded
	case pipeline.FateDuplicate:
		return "≈", ToneDuplicate
	case pipeline.FateFiltered:
		return "·", ToneFiltered
	}
	return "•", TonePlain
}

// sentLook is how a Budget row looks once the assembler's cut of the
// retrieved context is counted: a cited document it cut out is lost (✗),
// one it cut into is cut (✂).
func sentLook(glyph string, tone Tone, survival core.CitedSurvival) (string, Tone) {
	switch survival {
	case core.SurvivedLost:
		return "✗", ToneExcluded
	case core.SurvivedCut:
		return "✂", TonePartial
	}
	return glyph, tone
}

// duplicateNote is what a duplicate duplicates.
func duplicateNote(ev *core.Evaluation, d *pipeline.Duplicate) Note {
	switch d.SharedKey() {
	case "":
	case "URL":
		return Note{kind: noteSameURL, n1: DisplayNumber(ev, d.Of)}
	default:
		return Note{kind: noteSameKey, n1: DisplayNumber(ev, d.Of)}
	}
	if d.Kind == pipeline.DuplicateExact {
		return Note{kind: noteExactCopy, n1: DisplayNumber(ev, d.Of)}
	}
	return Note{kind: noteNearCopy, n1: DisplayNumber(ev, d.Of), sim: d.Similarity}
}

// budgetNote is the budget's verdict on a document of tokens tokens.
func budgetNote(d *pipeline.DocTrace, tokens int) Note {
	switch d.Fate {
	case pipeline.FateIncluded:
		return Note{kind: noteSentWhole, citation: int(d.Citation), n1: int(d.PosBeforeReorder) + 1}
	case pipeline.FatePartial:
		return Note{kind: noteCut, citation: int(d.Citation), n1: d.TokensKept, n2: tokens}
	case pipeline.FateSummarized:
		return Note{kind: noteSynopsis, citation: int(d.Citation), n1: d.TokensKept, n2: tokens}
	case pipeline.FateExcluded:
		return Note{kind: noteOverBudget, n1: int(d.PosBeforeReorder) + 1}
	}
	return Note{}
}

// Style is the style a tone is drawn in.
func (t Tone) Style(st *themes.Styles) lipgloss.Style {
	switch t {
	case ToneIncluded:
		return st.Included
	case TonePartial:
		return st.Partial
	case ToneSummarized:
		return st.Summarized
	case ToneExcluded:
		return st.Excluded
	case ToneDuplicate:
		return st.Duplicate.UnsetStrikethrough()
	case ToneFiltered:
		return st.Filtered
	}
	return st.Muted
}
