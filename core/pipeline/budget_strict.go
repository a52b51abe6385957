package pipeline

import (
	"fmt"

	"ctxlab/core/pycompat"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// meter charges text in additive units: words for the heuristic, whose
// count of a whole block is int(total words * 1.3), and tokens for a BPE
// tokenizer, whose counts are additive up to merges across a boundary
// (checked exactly at the end of the strict walk).
type meter struct {
	tok   tokens.Tokenizer
	words bool
}

func newMeter(tok tokens.Tokenizer) meter {
	_, words := tok.(tokens.Heuristic)
	return meter{tok: tok, words: words}
}

func (m meter) units(text string) int {
	if m.words {
		return pycompat.WordCount(text)
	}
	return m.tok.Count(text)
}

func (m meter) tokens(units int) int {
	if m.words {
		return tokens.HeuristicTokens(units)
	}
	return units
}

// contentUnits is a document's content in units, from the analysis.
func (m meter) contentUnits(a *Analysis, docTokens TokenCounts, i int) int {
	if m.words {
		return int(a.words()[i])
	}
	return docTokens.At(i)
}

// strictBudget charges every byte of the block, headers, separators and
// the cut marker included, so the formatted block never exceeds the
// budget. It otherwise follows the reference walk: include what fits,
// cut the first that does not when more than PartialMinRemaining remain
// (then the budget is spent), record everything that did not fit whole.
func strictBudget(a *Analysis, ordered []int, docTokens TokenCounts, opts Options, trace *traceTable) budgetOutcome {
	// Most documents of a large set do not fit: room for all of them
	// saves growing the list a dozen times.
	out := budgetOutcome{excluded: make([]int, 0, len(ordered))}
	m := newMeter(opts.Tokenizer)
	budget := opts.Budget
	usedUnits := 0
	spent := false
	markerUnits := m.units(cutMarker)

	for _, i := range ordered {
		d, t := a.Docs[i], docTokens.At(i)
		citation := len(out.placed) + 1
		frame := m.units(pieceFrame(citation, d, false))
		whole := frame + m.contentUnits(a, docTokens, i)
		if !spent && m.tokens(usedUnits+whole) <= budget {
			out.include(i, d, FateIncluded, t, "", trace)
			usedUnits += whole
			continue
		}
		out.excluded = append(out.excluded, i)
		remaining := budget - m.tokens(usedUnits)
		if spent {
			out.exclude(i, fmt.Sprintf("%s tokens; budget already spent", numfmt.Thousands(t)), trace)
			continue
		}
		switch {
		case opts.SummarizeOverflow:
			frameUnits := m.units(pieceFrame(citation, d, true))
			room := unitsWithin(m, budget, usedUnits+frameUnits)
			syn := synopsisOf(d.Content, opts, min(room, synopsisCap(m.contentUnits(a, docTokens, i))), m.units)
			cost := frameUnits + m.units(syn.Text)
			if syn.Text != "" && m.tokens(usedUnits+cost) <= budget {
				s := opts.Tokenizer.Count(syn.Text)
				out.include(i, summaryDoc(d, syn.Text), FateSummarized, s,
					fmt.Sprintf("%s tokens + header > %s remaining; a %s-token synopsis (%s) fits", numfmt.Thousands(t), numfmt.Thousands(remaining), numfmt.Thousands(s), synopsisWords(syn)), trace)
				usedUnits += cost
				continue
			}
			out.exclude(i, fmt.Sprintf("%s tokens + header > %s remaining; not even one sentence of it fits as a synopsis", numfmt.Thousands(t), numfmt.Thousands(remaining)), trace)
		case remaining > opts.PartialMinRemaining:
			cut := fitCut(m, d.Content, budget, usedUnits+frame+markerUnits)
			if cut == "" {
				out.exclude(i, fmt.Sprintf("%s tokens + header > %s remaining; no room left after the header", numfmt.Thousands(t), numfmt.Thousands(remaining)), trace)
				continue
			}
			kept := opts.Tokenizer.Count(cut)
			trace.detail(i).CutAt = CutOffset(d.Content, cut)
			out.include(i, partialDoc(d, cut), FatePartial, kept,
				fmt.Sprintf("%s tokens + header > %s remaining; cut to %s tokens", numfmt.Thousands(t), numfmt.Thousands(remaining), numfmt.Thousands(kept)), trace)
			usedUnits += frame + markerUnits + m.units(cut)
			spent = true
		default:
			out.exclude(i, overBudgetReason(t, remaining, opts.PartialMinRemaining)+" (headers counted)", trace)
		}
	}
	out.used = m.tokens(usedUnits)
	out.verify(a.Docs, opts.Tokenizer, budget, trace)
	return out
}

// pieceFrame is everything a document adds besides its content: the
// separator before it (after the first), its header and the newline.
func pieceFrame(citation int, d value.Document, summary bool) string {
	frame := CitationHeader(citation, d.Source, d.Score, summary) + "\n"
	if citation > 1 {
		frame = Separator + frame
	}
	return frame
}

// unitsWithin is the most units that can be added to usedUnits while
// the total stays within budget tokens (0 when none can).
func unitsWithin(m meter, budget, usedUnits int) int {
	lo, hi := 0, max(0, budget) // a unit costs at least a token's worth of room
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if m.tokens(usedUnits+mid) <= budget {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// fitCut returns the longest start of content that keeps the total within
// budget when added to usedUnits.
func fitCut(m meter, content string, budget, usedUnits int) string {
	allowance := budget - m.tokens(usedUnits)
	for allowance > 0 {
		cut := m.tok.Truncate(content, allowance, tokens.KeepStart)
		if cut != "" && m.tokens(usedUnits+m.units(cut)) <= budget {
			return cut
		}
		allowance--
	}
	return ""
}

// verify counts the formatted block exactly and, while it exceeds the
// budget (a BPE merge across a boundary can cost a token the additive
// estimate did not see), shortens or drops the last placed document.
func (out *budgetOutcome) verify(docs []value.Document, tok tokens.Tokenizer, budget int, trace *traceTable) {
	for len(out.placed) > 0 {
		block, _ := formatBlock(out.placed)
		over := tok.Count(block) - budget
		if over <= 0 {
			return
		}
		last := &out.placed[len(out.placed)-1]
		if last.fate == FatePartial {
			cut := trimMarker(last.doc.Content)
			shorter := tok.Truncate(cut, tok.Count(cut)-over, tokens.KeepStart)
			if shorter != "" && shorter != cut {
				last.doc.Content = shorter + cutMarker
				last.tokensKept = tok.Count(shorter)
				d := trace.detail(last.index)
				d.TokensKept = last.tokensKept
				d.CutAt = CutOffset(docs[last.index].Content, shorter)
				continue
			}
		}
		i := last.index
		if last.fate == FateIncluded {
			out.excluded = append(out.excluded, i)
		}
		out.placed = out.placed[:len(out.placed)-1]
		out.exclude(i, fmt.Sprintf("dropped: the exact count of the block was %s tokens over the budget", numfmt.Thousands(over)), trace)
	}
}

func trimMarker(content string) string {
	return content[:len(content)-len(cutMarker)]
}
