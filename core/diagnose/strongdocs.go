package diagnose

import (
	"fmt"
	"slices"
	"strings"

	"ctxlab/core/pipeline"
	"ctxlab/internal/numfmt"
)

// strongDocFindings: documents more relevant than one that was sent, yet
// not sent themselves. With lost-in-the-middle on, the reorder puts the
// strong documents at both ends and the greedy budget, walking that
// order, spends itself before the last end: the second-strongest
// documents are the ones lost. When a weaker version of a lost document
// is sent instead, the model answers from the stale copy, which is worse
// than a loss and gets a finding of its own.
func strongDocFindings(in *Input) []Finding {
	if in.Build == nil {
		return nil
	}
	tr := in.Build.Trace
	assemblerLost := map[int]bool{}
	for _, i := range in.RAGLost {
		assemblerLost[i] = true
	}
	// The sent documents are the cited ones the assembler did not cut
	// out: counted first, so the walk below stops at the weakest of them.
	sentCount := 0
	for _, i := range tr.Cited {
		if !assemblerLost[i] {
			sentCount++
		}
	}
	var sent, lost []int
	// Sent and lost documents all passed deduplication, so walking the
	// deduplicated order finds them by rank already (PosBeforeReorder is
	// the position there): no sort of 100,000 indices per evaluation.
	// Only a document ranked above a sent one can be a strong one lost,
	// so the walk ends at the last sent document rather than at the
	// 100,000th.
	for _, i := range tr.Deduped {
		d := tr.Doc(i)
		switch {
		case d.Fate.InContext() && !assemblerLost[i]:
			sent = append(sent, i)
		case d.Fate == pipeline.FateExcluded || assemblerLost[i]:
			lost = append(lost, i)
		}
		if len(sent) == sentCount {
			break
		}
	}
	if len(sent) == 0 || len(lost) == 0 {
		return nil
	}
	rank := func(i int) int { return int(tr.Doc(i).PosBeforeReorder) }
	byRank := func(a, b int) int { return rank(a) - rank(b) }
	for _, ranked := range [][]int{sent, lost} {
		if !slices.IsSortedFunc(ranked, byRank) {
			slices.SortFunc(ranked, byRank)
		}
	}
	weakestSent := rank(sent[len(sent)-1])
	var strongLost []int
	for _, i := range lost {
		if rank(i) < weakestSent {
			strongLost = append(strongLost, i)
		}
	}
	if len(strongLost) == 0 {
		return nil
	}
	var weakerSent []int
	for _, i := range sent {
		if rank(i) > rank(strongLost[0]) {
			weakerSent = append(weakerSent, i)
		}
	}

	var fs []Finding
	for _, s := range strongLost[:min(len(strongLost), maxCopyChecks)] {
		if f, ok := in.weakerCopyFinding(s, weakerSent[:min(len(weakerSent), maxSimilarityDocs)], assemblerLost[s]); ok {
			fs = append(fs, f)
		}
	}

	strongest := strongLost[0]
	refs := make([]Ref, 0, len(strongLost)+len(weakerSent))
	for _, i := range strongLost {
		refs = append(refs, DocumentRef(in.docNumber(i)))
	}
	for _, i := range weakerSent {
		refs = append(refs, DocumentRef(in.docNumber(i)))
	}
	msg := fmt.Sprintf("%s dropped although %s weaker %s sent, the strongest being %s, dropped (%s): %s.",
		numfmt.Count(len(strongLost), "document was", "documents were"),
		numfmt.Thousands(len(weakerSent)), numfmt.Plural(len(weakerSent), "one was", "ones were"),
		in.rankedDoc(strongest), in.lossReason(strongest, assemblerLost[strongest]), in.whyStrongLost(assemblerLost[strongest]))
	fs = append(fs, Finding{Code: CodeStrongDocLost, Severity: SeverityWarning, Message: msg, Refs: refs, weight: len(strongLost)})
	return fs
}

// weakerCopyFinding reports a weaker version of the lost document s that
// was sent in its place, if there is one.
func (in *Input) weakerCopyFinding(s int, weakerSent []int, byAssembler bool) (Finding, bool) {
	best, bestSim := -1, 0.0
	for _, w := range weakerSent {
		if sim := in.texts.similarity(s, w); sim >= similarTextJaccard && sim > bestSim {
			best, bestSim = w, sim
		}
	}
	if best < 0 {
		return Finding{}, false
	}
	tr := in.Build.Trace
	differs := fmt.Sprintf("they share %s of their words", percent(int(bestSim*1000), 1000))
	if hunks, ok := in.texts.factChanges(s, best); ok && len(hunks) > 0 {
		differs = "where they differ: " + quoteHunks(hunks) + " (dropped → sent)"
	}
	if stale, why := ProbablyStale(in.Documents[s].Source, in.Documents[best].Source); stale == 1 {
		differs += fmt.Sprintf("; %s is probably the stale one (its source says %s)", DocumentRef(in.docNumber(best)).Label(), why)
	}
	msg := fmt.Sprintf("%s was dropped (%s) while a similar but weaker text, %s, is sent as [%d]; %s.",
		in.rankedDoc(s), in.lossReason(s, byAssembler), in.rankedDoc(best), tr.Doc(best).Citation, differs)
	return Finding{Code: CodeWeakerCopySent, Severity: SeverityWarning, Message: msg,
		Refs: []Ref{DocumentRef(in.docNumber(s)), DocumentRef(in.docNumber(best))}, weight: -int(tr.Doc(s).PosBeforeReorder)}, true
}

// lossReason says what left a document out.
func (in *Input) lossReason(i int, byAssembler bool) string {
	if byAssembler {
		return "the assembler cut the retrieved context to its allocation before it"
	}
	if r := in.Build.Trace.Doc(i).BudgetReason(); r != "" {
		return strings.TrimSpace(r)
	}
	return "over budget"
}

// whyStrongLost explains how relevance order and the budget combined, or,
// when the assembler's cut of the block lost the strongest document, how
// it came to sit at the block's end.
func (in *Input) whyStrongLost(byAssembler bool) string {
	tr := in.Build.Trace
	if byAssembler {
		why := "the assembler keeps the start of the retrieved context and cut its end to fit the allocation"
		if tr.Counts.Reordered {
			why += ", and lost-in-the-middle reordering puts the second-strongest documents at the end"
		}
		if tr.BudgetMode == pipeline.BudgetReference {
			why += "; the reference-mode budget does not count the citation headers, so the block overshoots its allocation"
		}
		return why
	}
	mode := fmt.Sprintf("the %s-mode budget, which takes documents greedily in that order until its %s are spent", tr.BudgetMode, tokensOf(in.RAGBudget))
	if tr.BudgetMode == pipeline.BudgetReference {
		mode += " (counting document tokens, not headers)"
	}
	if tr.BudgetFirst {
		return "the budget runs before lost-in-the-middle reordering, so " + mode + ", skips a document that does not fit and lets smaller, weaker ones after it in"
	}
	if tr.Counts.Reordered {
		return "lost-in-the-middle reordering runs before the budget and puts strong documents at both ends, and " + mode + ", runs out before the far end"
	}
	return "without reordering, " + mode + ", skips a document that does not fit and lets smaller, weaker ones after it in"
}
