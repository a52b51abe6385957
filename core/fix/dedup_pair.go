package fix

import (
	"fmt"
	"strconv"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/internal/numfmt"
)

// maxPairFixes bounds the pairs of similar documents offered a dedup fix
// of their own: each is an evaluation, and the worst findings come first.
const maxPairFixes = 3

// dedupPairCandidates: two similar texts that state different facts
// should not both reach the model, nor the weaker one in place of the
// stronger. A dedup threshold at their similarity (the knob's step below
// it, never above) makes deduplication keep the stronger and remove the
// other as its near duplicate. For a weaker copy sent in place of a
// dropped document, the budget then runs before the reorder too (as
// budgetFirstCandidate), so the budget that the copy no longer takes
// goes to the stronger. The threshold applies to every pair, so the
// preview says what else it removes.
func dedupPairCandidates(ev *core.Evaluation) []candidate {
	a := ev.InputAnalysis()
	if ev.Build == nil || a == nil {
		return nil
	}
	var out []candidate
	for _, f := range ev.Findings {
		if len(out) == maxPairFixes {
			break
		}
		weakerCopy := f.Code == diagnose.CodeWeakerCopySent
		if !weakerCopy && f.Code != diagnose.CodeConflictingTextsSent || len(f.Refs) != 2 {
			continue
		}
		strong, weak := f.Refs[0].Index, f.Refs[1].Index
		rankStrong, rankWeak := ev.Build.Trace.Doc(strong).PosBeforeReorder, ev.Build.Trace.Doc(weak).PosBeforeReorder
		if rankStrong < 0 || rankWeak < 0 {
			continue // one was removed already: the conflict of a dedup, not of two sent
		}
		if rankWeak < rankStrong {
			strong, weak = weak, strong // dedup keeps the one ranked first
		}
		current := ev.Settings.Pipeline.DedupThreshold
		similarity := a.Similarity(strong, weak, ev.Settings.Pipeline.ShingleSize)
		threshold := numfmt.FloorTo(similarity, 2)
		if threshold >= current || threshold <= 0 {
			continue
		}
		changes := []KnobChange{{KnobID: "dedup", Value: core.KnobValue{Float: threshold}}}
		budgetFirst := false
		if weakerCopy {
			more, _ := budgetFirstChanges(ev)
			changes, budgetFirst = append(changes, more...), more != nil
		}
		finding := f
		label := func(i int) string { return fmt.Sprintf("#%d %s", i+1, diagnose.QuotedSource(ev.Documents[i].Source)) }
		out = append(out, candidate{kind: DedupPair, changes: changes,
			accept: func(p core.Preview) bool {
				d := p.Evaluation.Build.Trace.Doc(weak).Duplicate
				return d != nil && d.Of == strong && p.Clears(finding)
			},
			describe: func(p core.Preview) string {
				s := fmt.Sprintf("Remove %s as a near duplicate of %s, so only the stronger is sent: their shingle similarity is %s, and a dedup threshold of %s (now %s) removes the weaker",
					label(weak), label(strong), numfmt.Similarity(similarity),
					strconv.FormatFloat(threshold, 'f', 2, 64), strconv.FormatFloat(current, 'f', 2, 64))
				if budgetFirst {
					s += "; and budget before reordering, so the budget the copy took goes to " + fmt.Sprintf("#%d", strong+1)
				}
				s += ": " + describeDocuments(p)
				if others := newDuplicates(p) - 1; others > 0 {
					s += fmt.Sprintf(", the lower threshold removing %s as well", numfmt.Count(others, "other document", "other documents"))
				}
				if stale, why := diagnose.ProbablyStale(ev.Documents[strong].Source, ev.Documents[weak].Source); stale == 0 {
					s += fmt.Sprintf(". Check first: the one kept, #%d, is probably the stale copy (its source says %s)", strong+1, why)
				}
				return s + "."
			}})
	}
	return out
}

// newDuplicates counts the documents a preview removes as duplicates that
// were not before.
func newDuplicates(p core.Preview) int {
	n := 0
	for _, d := range p.Documents {
		if d.StageAfter == "duplicate" && d.StageBefore != "duplicate" {
			n++
		}
	}
	return n
}
