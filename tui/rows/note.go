package rows

import (
	"strconv"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
)

// noteKind is what a row's note says.
type noteKind uint8

const (
	noteNone             noteKind = iota
	noteKept                      // the filter kept it
	noteFiltered                  // tokens under the minimum: n1 tokens, n2 the minimum
	noteSortRank                  // rank n1 by score
	noteDedupKept                 // kept, rank n1
	noteExactCopy                 // exact copy of #n1
	noteNearCopy                  // near copy of #n1, similarity sim
	noteSameURL                   // same URL as #n1, by the dedup key
	noteSameKey                   // same metadata key as #n1, by the dedup key
	noteReordered                 // rank n1 placed in slot n2
	noteSentWhole                 // [citation] sent whole, rank n1
	noteCut                       // [citation] cut at n1 of n2 tokens
	noteSynopsis                  // [citation] a synopsis of n1 of n2 tokens
	noteOverBudget                // left out, rank n1
	noteSimpleWhole               // the article's builder: [citation] whole
	noteSimpleDropped             // the article's builder: 100 tokens or fewer left
	noteSimpleNotReached          // the article's builder stopped before it
)

// Note is a row's note as the numbers it is made of. The text is put
// together only for the rows drawn or measured, with no allocation when
// measured, so a knob change at 100,000 documents formats none of them.
type Note struct {
	kind     noteKind
	citation int
	n1, n2   int
	sim      float64
	// cut is what the assembler's cut of the retrieved context did to a
	// cited document, "" when it did not reach it.
	cut core.CitedSurvival
}

// own says the builder itself cut or summarized the document.
func (n Note) own() bool { return n.kind == noteCut || n.kind == noteSynopsis }

// Text is the note: in words when wordy and the note has words, else
// short.
func (n Note) Text(wordy bool) string {
	var buf [96]byte
	return string(n.appendText(buf[:0], wordy))
}

// Width is the cells Text(wordy) takes.
func (n Note) Width(wordy bool) int {
	var buf [96]byte
	b := n.appendText(buf[:0], wordy)
	w := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r < utf8.RuneSelf {
			w++
		} else {
			w += runewidth.RuneWidth(r)
		}
		b = b[size:]
	}
	return w
}

func (n Note) appendText(b []byte, wordy bool) []byte {
	if n.cut == core.SurvivedLost || n.cut == core.SurvivedCut {
		return n.appendAssemblerCut(b, wordy)
	}
	return n.appendOwn(b, wordy)
}

// appendOwn writes what the stage decided.
func (n Note) appendOwn(b []byte, wordy bool) []byte {
	th := numfmt.AppendThousands
	switch n.kind {
	case noteKept:
		return append(b, "kept"...)
	case noteFiltered:
		if wordy {
			return th(append(appendTokenCount(b, n.n1), ", under the minimum of "...), n.n2)
		}
		return th(append(th(b, n.n1), " tok < min "...), n.n2)
	case noteSortRank:
		// "score rank" (before dedup) and "rank" (after it) are two
		// numbers for one document: each says which it is.
		if wordy {
			return append(th(append(b, "score rank "...), n.n1), " (before dedup)"...)
		}
		return th(append(b, "score rank "...), n.n1)
	case noteDedupKept:
		if wordy {
			return append(th(append(b, "kept · rank "...), n.n1), " after dedup"...)
		}
		return th(append(b, "kept · rank "...), n.n1)
	case noteExactCopy:
		if wordy {
			return strconv.AppendInt(append(b, "= exact copy of #"...), int64(n.n1), 10)
		}
		return append(strconv.AppendInt(append(b, "= #"...), int64(n.n1), 10), " exact"...)
	case noteSameURL, noteSameKey:
		what := " same URL"
		if n.kind == noteSameKey {
			what = " same key"
		}
		if wordy {
			return strconv.AppendInt(append(append(append(b, '='), what...), " as #"...), int64(n.n1), 10)
		}
		return append(strconv.AppendInt(append(b, "= #"...), int64(n.n1), 10), what...)
	case noteNearCopy:
		if wordy {
			b = strconv.AppendInt(append(b, "≈ near copy of #"...), int64(n.n1), 10)
			return strconv.AppendFloat(append(b, ", similarity "...), numfmt.FloorTo(n.sim, 2), 'f', 2, 64)
		}
		b = strconv.AppendInt(append(b, "≈ #"...), int64(n.n1), 10)
		return strconv.AppendFloat(append(b, " J="...), numfmt.FloorTo(n.sim, 2), 'f', 2, 64)
	case noteReordered:
		if wordy {
			return th(append(th(append(b, "rank "...), n.n1), " after dedup, placed in slot "...), n.n2)
		}
		return th(append(th(append(b, "rank "...), n.n1), " → "...), n.n2)
	case noteSentWhole:
		if wordy {
			return append(th(append(n.appendCitation(b), " sent whole · rank "...), n.n1), " after dedup"...)
		}
		return th(append(n.appendCitation(b), " rank "...), n.n1)
	case noteCut, noteSynopsis:
		if wordy {
			word := " cut at "
			if n.kind == noteSynopsis {
				word = " synopsis, "
			}
			return appendTokenCount(append(th(append(n.appendCitation(b), word...), n.n1), " of "...), n.n2)
		}
		word := " cut "
		if n.kind == noteSynopsis {
			word = " synopsis "
		}
		return th(append(th(append(n.appendCitation(b), word...), n.n1), '/'), n.n2)
	case noteOverBudget:
		if wordy {
			return append(th(append(b, "over budget · rank "...), n.n1), " after dedup"...)
		}
		return th(append(b, "over · rank "...), n.n1)
	case noteSimpleWhole:
		if wordy {
			return append(n.appendCitation(b), " sent whole"...)
		}
		return append(n.appendCitation(b), " whole"...)
	case noteSimpleDropped:
		if wordy {
			return append(b, "dropped: 100 tokens or fewer left"...)
		}
		return append(b, "dropped: ≤100 left, stop"...)
	case noteSimpleNotReached:
		if wordy {
			return append(b, "not reached: the builder stopped"...)
		}
		return append(b, "not reached: stopped"...)
	}
	return b
}

// appendAssemblerCut writes a cited document the assembler then cut out
// of the request when it trimmed the retrieved context to its
// allocation: in the builder's block, but not (all) sent.
//
// A document the builder itself cut or summarized keeps that in its note:
// the reference's partial copy is always the last thing in its block, so
// the assembler's cut of the block's unbudgeted overshoot always lands on
// it, and the note is the only place its "cut 80/127" can still be read.
func (n Note) appendAssemblerCut(b []byte, wordy bool) []byte {
	th := numfmt.AppendThousands
	lost := n.cut == core.SurvivedLost
	switch {
	case n.own() && wordy:
		b = th(append(th(append(n.appendCitation(b), ' '), n.n1), " of "...), n.n2)
		if lost {
			return append(b, " kept; the assembler cut it"...)
		}
		return append(b, " kept; the assembler cut more"...)
	case n.own():
		if lost {
			return append(n.appendOwn(b, false), " → lost"...)
		}
		return append(n.appendOwn(b, false), " → cut"...)
	case lost && wordy:
		return append(n.appendCitation(b), " lost in the assembler's cut"...)
	case lost:
		return append(n.appendCitation(b), " lost: RAG cut"...)
	case wordy:
		return append(n.appendCitation(b), " cut inside the retrieved context"...)
	}
	return append(n.appendCitation(b), " RAG cut inside"...)
}

func (n Note) appendCitation(b []byte) []byte {
	return append(strconv.AppendInt(append(b, '['), int64(n.citation), 10), ']')
}

// appendTokenCount writes "1 token", "87 tokens".
func appendTokenCount(b []byte, n int) []byte {
	b = numfmt.AppendThousands(b, n)
	if n == 1 {
		return append(b, " token"...)
	}
	return append(b, " tokens"...)
}
