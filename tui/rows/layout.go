package rows

import (
	"strconv"
	"strings"

	"github.com/mattn/go-runewidth"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
	"ctxlab/tui/draw"
)

// Layout is the document list's column widths, fitted to what the
// list holds: a note column as wide as its longest note (within limits),
// and scores with as many decimals as it takes to tell them apart.
type Layout struct {
	scoreDigits int // decimals, 2 to 5
	scoreW      int // cells of the widest score, at least len("score")
	// numW and tokW are the cells of the largest document number (at
	// least 4) and token count (at least 5): the millions of tokens of
	// a 50 MB document pushed its row's source out of line.
	numW, tokW int
	noteW      int // cells of the longest note, 12 to 24
	// wordsW is the cells of the longest note in words (or short note
	// where a row has no words), up to maxWordsW.
	wordsW int
	// sourceW is the cells of the longest source as the list shows it
	// (no URL scheme), up to maxSourceFirst.
	sourceW int
	// docs identifies the document set the score columns were fitted to.
	docs docSetKey
}

// docSetKey identifies a document slice by its first element and length.
type docSetKey struct {
	first *value.Document
	n     int
}

func docsKey(docs []value.Document) docSetKey {
	if len(docs) == 0 {
		return docSetKey{}
	}
	return docSetKey{&docs[0], len(docs)}
}

const (
	minNoteW = 12
	maxNoteW = 24
	// minSourceW is what the note column leaves to sources at the least.
	minSourceW = 20
	// maxWordsW caps the notes in words; they are shown only when they
	// leave sources wordsSourceW cells, so a wide list explains itself
	// and a narrow one keeps its sources readable.
	maxWordsW    = 44
	wordsSourceW = 28
	// maxSourceFirst is how much of its sources a list keeps before it
	// words its notes: a wide list shows paths such as
	// "helpdesk-export/articles/2290-damaged-items.html" whole rather
	// than cut to make room for words the legend also gives.
	maxSourceFirst = 48
)

// FitLayout measures n rows, row k looking as look(k), and every
// document's score unless prev already did for the same documents: the
// scores only change with the document set, and sorting 10,000 of them
// on every knob shows. Each row is looked at once: the looks are made
// here rather than kept by the rows.
func FitLayout(n int, look func(k int) Look, docs []value.Document, prev Layout) Layout {
	l := Layout{noteW: minNoteW, docs: docsKey(docs), numW: max(4, len(strconv.Itoa(len(docs)))), tokW: 5}
	if prev.docs == l.docs && prev.scoreW > 0 {
		l.scoreDigits, l.scoreW, l.sourceW = prev.scoreDigits, prev.scoreW, prev.sourceW
	} else {
		l.scoreDigits, l.scoreW = ScoreColumn(docs)
		l.sourceW = longestSource(docs, maxSourceFirst)
	}
	// One note of each shape is measured (noteShape): at 100,000 rows,
	// measuring every note was a sixth of a knob change. Neighbouring
	// rows mostly share a shape, so the last one is checked first.
	measured := make(map[noteShape]bool)
	var last noteShape
	most := 0
	for k := range n {
		r := look(k)
		most = max(most, r.tokens)
		shape := r.note.shape()
		if (k > 0 && shape == last) || measured[shape] {
			last = shape
			continue
		}
		last, measured[shape] = shape, true
		l.noteW = max(l.noteW, r.note.Width(false))
		l.wordsW = max(l.wordsW, r.note.Width(true))
	}
	l.tokW = max(l.tokW, len(numfmt.Thousands(most)))
	l.noteW = min(l.noteW, maxNoteW)
	l.wordsW = min(max(l.wordsW, l.noteW), maxWordsW)
	return l
}

// ScoreColumn is the decimals scores print with and the cells of the
// widest, at least len("score").
func ScoreColumn(docs []value.Document) (digits, width int) {
	digits, width = scoreDecimals(docs), len("score")
	for _, d := range docs {
		width = max(width, len(numfmt.Score(d.Score, digits)))
	}
	return digits, width
}

// scoreDecimals is the fewest decimals, from 2 up to 5, at which every
// two different scores print differently: retrieval scores bunched at
// 0.9999x all print 1.00 with two.
func scoreDecimals(docs []value.Document) int {
	scores := make([]float64, len(docs))
	for i, d := range docs {
		scores[i] = d.Score
	}
	return numfmt.Decimals(scores, 2, 5)
}

// longestSource is the cells of the longest source as the list shows
// it, without a URL's scheme, up to most. A source's bytes bound its
// cells, so only a source longer than the longest so far is measured,
// and the walk stops once one reaches most.
func longestSource(docs []value.Document, most int) int {
	longest := len("(no source)")
	for i := range docs {
		src := docs[i].Source
		if len(src) <= longest {
			continue
		}
		for _, prefix := range []string{"https://", "http://"} {
			src = strings.TrimPrefix(src, prefix)
		}
		if len(src) <= longest {
			continue
		}
		longest = max(longest, runewidth.StringWidth(draw.Source(src)))
		if longest >= most {
			return most
		}
	}
	return longest
}

// numbersW is the cells of " #### score tok  " before the source.
func (l Layout) numbersW() int { return 1 + l.numW + 1 + l.scoreW + 1 + l.tokW + 1 }

// ScoreDigits is the decimals the scores print with, 2 to 5.
func (l Layout) ScoreDigits() int { return l.scoreDigits }

// NumW, ScoreW and TokW are the cells of the number, score and token
// columns.
func (l Layout) NumW() int   { return l.numW }
func (l Layout) ScoreW() int { return l.scoreW }
func (l Layout) TokW() int   { return l.tokW }

// Columns splits a row's width between source and note: notes in words
// when they leave sources wordsSourceW cells and their longest (up to
// maxSourceFirst), else the short notes, which get their width while
// sources keep minSourceW, then give way.
func (l Layout) Columns(width int) (sourceW, noteW int, wordy bool) {
	rest := width - 2 - l.numbersW() - 1 // lead, glyph; the space before the note
	if l.wordsW > l.noteW && rest-l.wordsW >= max(wordsSourceW, l.sourceW) {
		return rest - l.wordsW, l.wordsW, true
	}
	noteW = max(minNoteW, min(l.noteW, rest-minSourceW))
	return max(8, rest-noteW), noteW, false
}
