package pipeline

import (
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// BudgetCeiling is a budget at and past which every document of a fits
// whole under either budget mode: each document's content with its
// citation frame, counted as the strict budget counts them, and a token
// a document to spare for merges across a boundary. A larger budget
// changes nothing, so a sweep of the budget stops there.
func BudgetCeiling(a *Analysis, tok tokens.Tokenizer) int {
	m := newMeter(tok)
	counts := a.Tokens(tok)
	units, content := m.units(cutMarker), 0
	for i, d := range a.Docs {
		units += m.units(pieceFrame(i+1, d, false)) + m.contentUnits(a, counts, i)
		content += counts.At(i)
	}
	return max(m.tokens(units), content) + len(a.Docs)
}

// ByteCeiling is a budget at and past which every document of docs fits
// whole, from their bytes alone: no tokenizer counts more tokens than a
// text has bytes. It bounds a sweep where counting every query's tokens
// first would cost as much as the sweep.
func ByteCeiling(docs []value.Document) int {
	n := len(cutMarker)
	for i, d := range docs {
		n += len(pieceFrame(i+1, d, false)) + len(d.Content) + 1
	}
	return n
}
