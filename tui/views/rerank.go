package views

import (
	"fmt"
	"strconv"
	"strings"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
	"ctxlab/tui/rows"
)

// rerank shows the two-stage retrieval, when it is on: which
// documents the first stage retrieved by their own score, how BM25 then
// ranked them against the query, and which it kept. The documents it
// dropped never reach the pipeline, so this is the one place they show.
func rerank(st *themes.Styles, ev *core.Evaluation, width int) string {
	r := ev.Rerank
	if r == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n")
	retrieved := make([]pipeline.RerankCandidate, len(r.Retrieved))
	for j, i := range r.Retrieved {
		retrieved[j] = r.Candidates[i]
	}
	WriteTitled(&b, st, "Two-stage retrieval", fmt.Sprintf("· %s → the %s best by retrieval score (initial k %s) → the %s best by BM25 against the query (final k %s)",
		numfmt.Plural(len(r.Candidates), "1 document", numfmt.Thousands(len(r.Candidates))+" documents"), numfmt.Thousands(len(retrieved)), numfmt.Thousands(r.InitialK), numfmt.Thousands(len(r.Selected)), numfmt.Thousands(r.FinalK)), width)
	if strings.TrimSpace(r.Query) == "" {
		draw.WriteWrapped(&b, st.Warn, "The query is empty: BM25 has nothing to rank against, so every retrieved document scores 0 and keeps its retrieval order.", width)
	}
	// Retrieved documents in BM25 order, best first, each with its BM25
	// rank and score, then its retrieval rank ("ret.", by its own score,
	// which got it retrieved) and score. Ranks, not #N: #N names input
	// positions everywhere else. The core's notes say how many were not
	// retrieved at all.
	ordered := make([]pipeline.RerankCandidate, len(retrieved))
	for _, c := range retrieved {
		if c.RerankRank >= 0 && c.RerankRank < len(ordered) {
			ordered[c.RerankRank] = c
		}
	}
	// Each score column gets the decimals that tell its scores apart.
	var bm25, retrieval []float64
	for _, c := range ordered {
		bm25, retrieval = append(bm25, c.RerankScore), append(retrieval, c.RetrievalScore)
	}
	bmDigits, retDigits := numfmt.Decimals(bm25, 2, 5), numfmt.Decimals(retrieval, 2, 5)
	bmW, retW := floatColumn(bm25, bmDigits, 6), floatColumn(retrieval, retDigits, 5)
	b.WriteString(st.TableHeader.Render(draw.PadRight(fmt.Sprintf("   %4s %*s  %-7s  %4s %*s  %s", "BM25", bmW, "score", "", "ret.", retW, "score", "source"), width)) + "\n")
	srcW := max(10, width-28-bmW-retW)
	for _, c := range ordered {
		glyph, fate, tone := "✓", "kept   ", rows.ToneIncluded
		if c.Fate == pipeline.RerankRerankedOut {
			glyph, fate, tone = "✗", "dropped", rows.ToneExcluded
		}
		src, _ := draw.ElideMiddle(draw.Source(c.Source), srcW)
		line := fmt.Sprintf(" %s %4d %*.*f  %s  %4d %*.*f  %s", tone.Style(st).Render(glyph), c.RerankRank+1, bmW, bmDigits, c.RerankScore,
			fate, c.RetrievalRank+1, retW, retDigits, c.RetrievalScore, src)
		b.WriteString(line + "\n")
	}
	for _, n := range r.Notes {
		draw.WriteWrapped(&b, st.Muted, "note: "+safetext.Line(n), width)
	}
	return b.String()
}

// floatColumn is the cells of the widest value at digits decimals, at
// least least.
func floatColumn(values []float64, digits, least int) int {
	w := least
	for _, v := range values {
		w = max(w, len(strconv.FormatFloat(v, 'f', digits, 64)))
	}
	return w
}
