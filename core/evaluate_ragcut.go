package core

import "ctxlab/core/pipeline"

// CitedSurvival is what became of one cited document when the assembler
// cut the retrieved-context component to its allocation (keeping the
// start). The builder's trace says the document is in its block; this
// says whether it reached the request.
type CitedSurvival string

const (
	// SurvivedWhole: the document's whole piece is in the request.
	SurvivedWhole CitedSurvival = "whole"
	// SurvivedCut: the assembler's cut falls inside the document.
	SurvivedCut CitedSurvival = "cut"
	// SurvivedLost: the cut falls before the document; none of it is sent.
	SurvivedLost CitedSurvival = "lost"
)

// ragSurvival maps each cited document (by the builder's document index)
// to its fate under the assembler's cut. sent is the retrieved-context
// text as sent: the start of the block, as a byte prefix (BPE) or as its
// first words rejoined by single spaces (the heuristic).
func ragSurvival(ev *Evaluation, sent string) map[int]CitedSurvival {
	block := ev.RAGBlock()
	if sent == block {
		return nil
	}
	kept := block[:pipeline.CutOffset(block, sent)]
	starts, docs := citedPieces(ev)
	out := make(map[int]CitedSurvival, len(docs))
	for n, doc := range docs {
		end := len(block)
		if n+1 < len(starts) {
			end = starts[n+1]
		}
		switch {
		case starts[n] >= len(kept):
			out[doc] = SurvivedLost
		case end > len(kept):
			out[doc] = SurvivedCut
		default:
			out[doc] = SurvivedWhole
		}
	}
	return out
}

// citedPieces returns the byte offset where each cited document's piece
// starts in the block, in citation order, and the document it belongs to.
func citedPieces(ev *Evaluation) (starts, docs []int) {
	switch {
	case ev.Build != nil:
		offset := 0
		for n, i := range ev.Build.Trace.Cited {
			if n > 0 {
				offset += len(pipeline.Separator)
			}
			starts = append(starts, offset)
			docs = append(docs, i)
			// Measured, not written: a source of 50 MB was copied
			// into a header of its own here, only for its length.
			offset += pipeline.CitationHeaderLen(n+1, ev.Build.IncludedDocs[n].Source, ev.Build.IncludedDocs[n].Score,
				ev.Build.Trace.Doc(i).Fate == pipeline.FateSummarized) + 1 + len(ev.Build.IncludedDocs[n].Content)
		}
	case ev.SimpleRAG != nil:
		chunks := ev.SimpleRAG.Chunks
		for n := range chunks {
			start := 0
			if n > 0 {
				start = len(pipeline.FormatSimpleRAGChunks(chunks[:n])) + len(pipeline.SimpleRAGSeparator)
			}
			starts = append(starts, start)
			docs = append(docs, chunks[n].Index)
		}
	}
	return starts, docs
}
