package diagnose

import (
	"fmt"
	"slices"

	"ctxlab/core/pipeline"
	"ctxlab/internal/numfmt"
)

// conflictFindings: near duplicates that do not say the same thing. A
// near duplicate removed by dedup may be the current version of a fact
// the kept copy states differently ("within 10 days" for "within 14
// days"), and two similar documents both sent give the model two answers.
// Only changed numbers, dates and negations count: rewording is not a
// conflict.
func conflictFindings(in *Input) []Finding {
	if in.Build == nil {
		return nil
	}
	tr := in.Build.Trace
	var fs []Finding
	diffed := 0
	for _, i := range tr.Sorted {
		if diffed == maxSimilarityDocs {
			break // the rest of a large set is not diffed
		}
		d := tr.Doc(i)
		if d.Duplicate == nil || d.Duplicate.Kind != pipeline.DuplicateNear {
			continue
		}
		diffed++
		kept := d.Duplicate.Of
		hunks, ok := in.texts.factChanges(kept, i)
		if !ok || len(hunks) == 0 {
			continue
		}
		msg := fmt.Sprintf("%s was removed as a near duplicate (similarity %s) of %s, but they state different facts: %s (kept → removed); ",
			in.rankedDoc(i), numfmt.Similarity(d.Duplicate.Similarity), in.docLabel(kept), quoteHunks(hunks))
		severity := SeverityWarning
		switch stale, why := ProbablyStale(in.Documents[kept].Source, in.Documents[i].Source); stale {
		case 1:
			// What dedup removed is what should go: worth knowing only.
			severity = SeverityInfo
			msg += fmt.Sprintf("the removed copy is probably the stale one (its source says %s), so the current one is kept.", why)
		case 0:
			msg += fmt.Sprintf("the kept copy is probably the stale one (its source says %s): check which one is current.", why)
		default:
			msg += "check which one is current."
		}
		fs = append(fs, Finding{Code: CodeConflictingNearDuplicate, Severity: severity, Message: msg,
			Refs: []Ref{DocumentRef(in.docNumber(i)), DocumentRef(in.docNumber(kept))}, weight: len(hunks)})
	}
	return append(fs, sentConflicts(in)...)
}

// sentConflicts: pairs of similar documents both sent whose facts differ.
func sentConflicts(in *Input) []Finding {
	tr := in.Build.Trace
	// The strongest cited documents, in citation order.
	cited := append([]int(nil), tr.Cited...)
	if len(cited) > maxSimilarityDocs {
		slices.SortStableFunc(cited, func(a, b int) int { return int(tr.Doc(a).PosBeforeReorder) - int(tr.Doc(b).PosBeforeReorder) })
		cited = cited[:maxSimilarityDocs]
		slices.SortFunc(cited, func(a, b int) int { return int(tr.Doc(a).Citation) - int(tr.Doc(b).Citation) })
	}
	var fs []Finding
	for x := range cited {
		for y := x + 1; y < len(cited); y++ {
			if in.texts.similarity(cited[x], cited[y]) < similarTextJaccard {
				continue
			}
			a, b := cited[x], cited[y]
			hunks, ok := in.texts.factChanges(a, b)
			if !ok || len(hunks) == 0 {
				continue
			}
			msg := fmt.Sprintf("%s and %s are similar texts, both sent as [%d] and [%d], that state different facts: %s; the model may quote either",
				in.docLabel(a), in.docLabel(b), tr.Doc(a).Citation, tr.Doc(b).Citation, quoteHunks(hunks))
			if stale, why := ProbablyStale(in.Documents[a].Source, in.Documents[b].Source); stale >= 0 {
				msg += fmt.Sprintf(", and %s is probably the stale one (its source says %s)", DocumentRef(in.docNumber([]int{a, b}[stale])).Label(), why)
			}
			msg += "."
			fs = append(fs, Finding{Code: CodeConflictingTextsSent, Severity: SeverityWarning, Message: msg,
				Refs: []Ref{DocumentRef(in.docNumber(a)), DocumentRef(in.docNumber(b))}, weight: len(hunks)})
		}
	}
	return fs
}
