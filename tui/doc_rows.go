package tui

import (
	"fmt"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/internal/numfmt"
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
	note   string
	// words is the note in plain words, for a list wide enough; "" when
	// the note already is.
	words string
}

// rowNote is a row's note, short and in words.
type rowNote struct{ short, words string }

// shown is the note a column of a width shows: the words when they fit
// it, else the short note.
func (r docRow) shown(wordy bool) string {
	if wordy && r.words != "" {
		return r.words
	}
	return r.note
}

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
	var rows []docRow
	add := func(i int, gone bool, n rowNote) {
		if gone && hideGone {
			return
		}
		d := tr.Docs[i]
		glyph, tone := fateLook(d.Fate)
		if d.Duplicate != nil && d.Duplicate.Kind == pipeline.DuplicateExact {
			glyph = "="
		}
		if !gone && s < stageBudget {
			glyph, tone = "•", tonePlain
		}
		rows = append(rows, docRow{doc: i, gone: gone, glyph: glyph, tone: tone, score: d.Score, tokens: d.Tokens, note: n.short, words: n.words})
	}
	if s == stageInput {
		for i := range tr.Docs {
			add(i, false, rowNote{})
		}
		return rows
	}
	if s == stageFilter {
		for i, d := range tr.Docs {
			if d.Filtered {
				add(i, true, filterNote(d, ev.Settings.Pipeline.MinDocTokens))
			} else {
				add(i, false, rowNote{short: "kept"})
			}
		}
		return rows
	}
	for i, d := range tr.Docs {
		if d.Filtered {
			add(i, true, filterNote(d, ev.Settings.Pipeline.MinDocTokens))
		}
	}
	if s == stageSort || s == stageDedup {
		// Duplicates stay in their sorted place: at Sort they are still in
		// play, at Dedup they are struck out where they lost.
		for _, i := range tr.Sorted {
			d := tr.Docs[i]
			switch {
			case s == stageSort:
				add(i, false, rowNote{short: fmt.Sprintf("rank %s by score", numfmt.Thousands(d.SortedPos+1))})
			case d.Duplicate != nil:
				add(i, true, duplicateNote(ev, d.Duplicate))
			default:
				add(i, false, rowNote{short: fmt.Sprintf("kept · rank %s", numfmt.Thousands(d.PosBeforeReorder+1))})
			}
		}
		return rows
	}
	dupesOf := map[int][]int{}
	for _, i := range tr.Sorted {
		if d := tr.Docs[i].Duplicate; d != nil {
			dupesOf[d.Of] = append(dupesOf[d.Of], i)
		}
	}
	for _, i := range tr.Reordered {
		d := tr.Docs[i]
		note := rowNote{fmt.Sprintf("rank %s → %s", numfmt.Thousands(d.PosBeforeReorder+1), numfmt.Thousands(d.PosAfterReorder+1)),
			fmt.Sprintf("rank %s, placed in slot %s", numfmt.Thousands(d.PosBeforeReorder+1), numfmt.Thousands(d.PosAfterReorder+1))}
		if s == stageBudget {
			note = budgetNote(d)
		}
		add(i, false, note)
		if s == stageBudget {
			markAssemblerCut(&rows[len(rows)-1], ev.RAGSurvival[i], d.Citation, d.TokensKept)
		}
		for _, dup := range dupesOf[i] {
			add(dup, true, duplicateNote(ev, tr.Docs[dup].Duplicate))
		}
	}
	return rows
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

// duplicateNote is what a duplicate duplicates, short and in words.
func duplicateNote(ev *core.Evaluation, d *pipeline.Duplicate) rowNote {
	of := displayNumber(ev, d.Of)
	if d.Kind == pipeline.DuplicateExact {
		return rowNote{fmt.Sprintf("= #%d exact", of), fmt.Sprintf("= exact copy of #%d", of)}
	}
	return rowNote{fmt.Sprintf("≈ #%d J=%.2f", of, d.Similarity), fmt.Sprintf("≈ near copy of #%d, similarity %.2f", of, d.Similarity)}
}

// filterNote is the filter's reason, short enough for a list column, and
// in words.
func filterNote(d pipeline.DocTrace, minTokens int) rowNote {
	return rowNote{fmt.Sprintf("%s tok < min %s", numfmt.Thousands(d.Tokens), numfmt.Thousands(minTokens)), fmt.Sprintf("%s, under the minimum of %s", tokenCount(d.Tokens), numfmt.Thousands(minTokens))}
}

// tokenCount is "1 token", "87 tokens".
func tokenCount(n int) string {
	return numfmt.Plural(n, "1 token", numfmt.Thousands(n)+" tokens")
}

// budgetNote is the budget's verdict, short and in words.
func budgetNote(d pipeline.DocTrace) rowNote {
	switch d.Fate {
	case pipeline.FateIncluded:
		return rowNote{fmt.Sprintf("[%d] rank %s", d.Citation, numfmt.Thousands(d.PosBeforeReorder+1)), fmt.Sprintf("[%d] sent whole · rank %s", d.Citation, numfmt.Thousands(d.PosBeforeReorder+1))}
	case pipeline.FatePartial:
		return rowNote{fmt.Sprintf("[%d] cut %s/%s", d.Citation, numfmt.Thousands(d.TokensKept), numfmt.Thousands(d.Tokens)), fmt.Sprintf("[%d] cut at %s of %s", d.Citation, numfmt.Thousands(d.TokensKept), tokenCount(d.Tokens))}
	case pipeline.FateSummarized:
		return rowNote{fmt.Sprintf("[%d] synopsis %s/%s", d.Citation, numfmt.Thousands(d.TokensKept), numfmt.Thousands(d.Tokens)), fmt.Sprintf("[%d] synopsis, %s of %s", d.Citation, numfmt.Thousands(d.TokensKept), tokenCount(d.Tokens))}
	case pipeline.FateExcluded:
		return rowNote{fmt.Sprintf("over · rank %s", numfmt.Thousands(d.PosBeforeReorder+1)), fmt.Sprintf("left out, budget spent · rank %s", numfmt.Thousands(d.PosBeforeReorder+1))}
	}
	return rowNote{}
}

// markAssemblerCut shows a cited document the assembler then cut out of
// the request when it trimmed the retrieved context to its allocation:
// in the builder's block, but not (all) sent.
//
// A document the builder itself cut or summarized keeps that in its note:
// the reference's partial copy is always the last thing in its block, so
// the assembler's cut of the block's unbudgeted overshoot always lands on
// it, and the note is the only place its "cut 80/127" can still be read.
func markAssemblerCut(row *docRow, survival core.CitedSurvival, citation, kept int) {
	own := row.tone == tonePartial || row.tone == toneSummarized
	switch {
	case survival == core.SurvivedLost && own:
		row.glyph, row.tone, row.note = "✗", toneExcluded, row.note+" → lost"
		row.words = fmt.Sprintf("[%d] %s of %s kept; the assembler cut it", citation, numfmt.Thousands(kept), numfmt.Thousands(row.tokens))
	case survival == core.SurvivedLost:
		row.glyph, row.tone, row.note = "✗", toneExcluded, fmt.Sprintf("[%d] lost: RAG cut", citation)
		row.words = fmt.Sprintf("[%d] lost: the assembler cut the RAG block", citation)
	case survival == core.SurvivedCut && own:
		row.glyph, row.tone, row.note = "✂", tonePartial, row.note+" → cut"
		row.words = fmt.Sprintf("[%d] %s of %s kept; the assembler cut more", citation, numfmt.Thousands(kept), numfmt.Thousands(row.tokens))
	case survival == core.SurvivedCut:
		row.glyph, row.tone, row.note = "✂", tonePartial, fmt.Sprintf("[%d] RAG cut inside", citation)
		row.words = fmt.Sprintf("[%d] cut inside the RAG block", citation)
	}
}

func simpleRAGRows(ev *core.Evaluation, s stage) []docRow {
	r := ev.SimpleRAG
	var rows []docRow
	order := r.Order
	if s == stageInput {
		order = make([]int, len(r.Trace))
		for i := range order {
			order[i] = i
		}
	}
	for _, i := range order {
		d := r.Trace[i]
		row := docRow{doc: i, glyph: "•", score: d.Score, tokens: d.Tokens}
		switch s {
		case stageSort:
			row.note = fmt.Sprintf("rank %s by score", numfmt.Thousands(d.Rank+1))
		case stageBudget:
			switch d.Fate {
			case pipeline.SimpleRAGIncluded:
				row.glyph, row.tone, row.note = "✓", toneIncluded, fmt.Sprintf("[%d] whole", d.Citation)
				row.words = fmt.Sprintf("[%d] sent whole", d.Citation)
			case pipeline.SimpleRAGTruncated:
				row.glyph, row.tone, row.note = "✂", tonePartial, fmt.Sprintf("[%d] cut %s/%s", d.Citation, numfmt.Thousands(d.TokensKept), numfmt.Thousands(d.Tokens))
				row.words = fmt.Sprintf("[%d] cut at %s of %s", d.Citation, numfmt.Thousands(d.TokensKept), tokenCount(d.Tokens))
			case pipeline.SimpleRAGDropped:
				row.glyph, row.tone, row.note = "✗", toneExcluded, "dropped: ≤100 left, stop"
				row.words = "dropped: 100 tokens or fewer left"
			default:
				row.glyph, row.tone, row.note = "✗", toneExcluded, "not reached: stopped"
				row.words = "not reached: the builder stopped"
			}
			markAssemblerCut(&row, ev.RAGSurvival[i], d.Citation, d.TokensKept)
		}
		rows = append(rows, row)
	}
	return rows
}
