package fix

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/pipeline"
	"ctxlab/internal/numfmt"
)

// droppedDocument is the strongest document the retrieved context did
// not carry.
type droppedDocument struct {
	input  int // input index
	rank   int // 1-based relevance rank
	score  float64
	source string
	tokens int
}

// strongestDropped finds the best-ranked document that was not sent:
// over the builder's budget, or left out by the assembler's cut of the
// block. Filtered documents and duplicates are out of the budget's reach.
func strongestDropped(ev *core.Evaluation) (droppedDocument, bool) {
	best := droppedDocument{rank: -1}
	consider := func(builderIndex, rank int, score float64, tokens int) {
		if best.rank < 0 || rank < best.rank {
			best = droppedDocument{input: ev.InputIndex(builderIndex), rank: rank, score: score,
				source: diagnose.QuotedSource(ev.Documents[builderIndex].Source), tokens: tokens}
		}
	}
	switch {
	case ev.Build != nil:
		tr := &ev.Build.Trace
		for i := range tr.Len() {
			d := tr.Doc(i)
			if d.Fate == pipeline.FateExcluded || (d.Fate.InContext() && ev.RAGSurvival[i] == core.SurvivedLost) {
				consider(i, int(d.PosBeforeReorder)+1, tr.Score(i), tr.Tokens(i))
			}
		}
	case ev.SimpleRAG != nil:
		for _, d := range ev.SimpleRAG.Trace {
			if d.Fate == pipeline.SimpleRAGDropped || d.Fate == pipeline.SimpleRAGNotReached || ev.RAGSurvival[d.Index] == core.SurvivedLost {
				consider(d.Index, d.Rank+1, d.Score, d.Tokens)
			}
		}
	}
	return best, best.rank >= 0
}

// strongDocSearchSteps bounds the doublings of the search for an
// allocation that sends the document: up to 255 times its size more than
// now; a document that needs more than that is not offered.
const strongDocSearchSteps = 8

// nextStrongDocumentCandidate: raise the retrieved-context allocation
// (the builder's budget and the assembler's allocation, one knob) just
// enough that the strongest dropped document is sent whole. The least
// such allocation is searched by evaluating, since the greedy walk, the
// citation headers and the assembler's cut all move with it.
func nextStrongDocumentCandidate(ctx context.Context, in core.EvalInput, ev *core.Evaluation) []candidate {
	doc, ok := strongestDropped(ev)
	if !ok {
		return nil
	}
	base := ev.Settings.Budget.RetrievedContext
	sends := func(allocation int) bool {
		s, err := ApplyChanges(ev.Settings, []KnobChange{intChange("rag", allocation)})
		if err != nil {
			return false
		}
		after, err := core.Evaluate(ctx, in, s)
		return err == nil && after.FateOf(doc.input) == core.DocSent
	}
	low, step, high := base, max(doc.tokens, 1), -1
	for range strongDocSearchSteps {
		if sends(low + step) {
			high = low + step
			break
		}
		low, step = low+step, step*2
	}
	if high < 0 {
		return nil
	}
	for high-low > 1 { // halving: log2 of the gap evaluations
		mid := low + (high-low)/2
		if sends(mid) {
			high = mid
		} else {
			low = mid
		}
	}
	return []candidate{{kind: NextStrongDocument, changes: []KnobChange{intChange("rag", high)}, describe: func(p core.Preview) string {
		return fmt.Sprintf("Raise the retrieved-context allocation from %s to %s tokens to send #%d %s (rank %d, score %s), the strongest document it left out: %s.",
			numfmt.Thousands(base), numfmt.Thousands(high), doc.input+1, doc.source, doc.rank, formatScore(doc.score), describeDocuments(p))
	}}}
}

// formatScore writes a relevance score as the findings do: up to four
// decimals, so close scores still show their order.
func formatScore(score float64) string {
	return strconv.FormatFloat(math.Round(score*10_000)/10_000, 'f', -1, 64)
}
