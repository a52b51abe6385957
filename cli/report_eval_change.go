package cli

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"ctxlab/core"
	"ctxlab/core/evalrun"
	"ctxlab/core/fix"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders/evalinput"
)

// evalChange is one setting a reader can turn, measured over the run.
type evalChange struct {
	// words say the change ("turning lost-in-the-middle off"), flag
	// applies it ("--lost-in-middle=false").
	words, flag string
	recall      float64
}

// evalChanges are the settings a reader of an eval report can turn:
// lost-in-the-middle off (or on), budgeting before reordering, the
// retrieved-context budget doubled, the dedup threshold a step either
// way; each applied alone to s through the knob table.
func evalChanges(s core.Settings) []struct {
	words, flag string
	s           core.Settings
} {
	type change = struct {
		words, flag string
		s           core.Settings
	}
	var out []change
	set := func(id string, v core.KnobValue) (core.Settings, bool) {
		t, err := fix.ApplyChanges(s, []fix.KnobChange{{KnobID: id, Value: v}})
		return t, err == nil
	}
	if t, ok := set("lost-in-middle", core.KnobValue{Bool: !s.Pipeline.LostInMiddle}); ok {
		w, f := "turning lost-in-the-middle off", "--lost-in-middle=false"
		if !s.Pipeline.LostInMiddle {
			w, f = "turning lost-in-the-middle on", "--lost-in-middle"
		}
		out = append(out, change{w, f, t})
	}
	if s.Pipeline.LostInMiddle && !s.Pipeline.BudgetBeforeReorder {
		if t, ok := set("budget-first", core.KnobValue{Bool: true}); ok {
			out = append(out, change{"budgeting before reordering", "--budget-before-reorder", t})
		}
	}
	if b := s.Budget.RetrievedContext; b > 0 {
		if t, ok := set("rag", core.KnobValue{Int: 2 * b}); ok {
			out = append(out, change{"doubling the retrieved-context budget", fmt.Sprintf("--rag-budget %d", 2*b), t})
		}
	}
	k := core.KnobByID("dedup")
	for _, dir := range []int{-1, 1} {
		t := s
		k.StepBy(&t, dir)
		if v := t.Pipeline.DedupThreshold; v != s.Pipeline.DedupThreshold {
			verb := "lowering"
			if dir > 0 {
				verb = "raising"
			}
			out = append(out, change{fmt.Sprintf("%s the dedup threshold to %.2f", verb, v), fmt.Sprintf("--dedup-threshold %.2f", v), t})
		}
	}
	return out
}

// evalChangeWords runs the set again under each setting a reader can
// turn (evalChanges), as eval --sweep runs it, and says the one that
// raises context recall most, with its flag and the recall measured,
// then the others measured; "" when recall is not measured, and a
// sentence saying so when no change raises it.
func evalChangeWords(ctx context.Context, files evalinput.Files, set *evalrun.Set, rep *evalrun.Report) (string, error) {
	agg := rep.Aggregate
	if !set.Judged || agg.QueriesWithRelevant == 0 {
		return "", nil
	}
	p := evalrun.PrepareWithin(set, evalKeepBudget(files))
	var measured []evalChange
	for _, c := range evalChanges(rep.Settings) {
		f, err := p.Aggregate(ctx, c.s)
		if err != nil {
			continue // a setting that does not apply to this run
		}
		measured = append(measured, evalChange{words: c.words, flag: c.flag, recall: f.ContextRecall})
	}
	if len(measured) == 0 {
		return "", nil
	}
	slices.SortStableFunc(measured, func(a, b evalChange) int {
		switch {
		case a.recall > b.recall:
			return -1
		case a.recall < b.recall:
			return 1
		}
		return 0
	})
	queries := numfmt.Count(agg.QueriesWithRelevant, "query", "queries")
	var others []string
	for _, m := range measured[1:] {
		others = append(others, fmt.Sprintf("%s (%s) %.2f", m.words, m.flag, m.recall))
	}
	best := measured[0]
	if best.recall <= agg.ContextRecall+0.005 {
		return fmt.Sprintf("No one setting measured raises context recall as sent from %.2f over the same %s: %s.",
			agg.ContextRecall, queries, strings.Join(append([]string{fmt.Sprintf("%s (%s) %.2f", best.words, best.flag, best.recall)}, others...), "; ")), nil
	}
	w := fmt.Sprintf("%s (%s) raises context recall as sent from %.2f to %.2f, measured over the same %s.",
		upperFirst(best.words), best.flag, agg.ContextRecall, best.recall, queries)
	if len(others) > 0 {
		w += " Also measured, each alone: " + strings.Join(others, "; ") + "."
	}
	return w, nil
}

// upperFirst is s with its first letter a capital.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
