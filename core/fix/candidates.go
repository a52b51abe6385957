package fix

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/pipeline"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// candidate is a fix before its preview: the changes, and how to say
// what they do once the preview has measured it.
type candidate struct {
	kind     string
	changes  []KnobChange
	describe func(p core.Preview) string
	// accept, when set, checks the measured preview does what the fix
	// is offered for; a candidate it refuses is not offered.
	accept func(p core.Preview) bool
}

// fitCandidate: assemble within allocations that fit. Under measure mode
// the allocations only have to be applied; when they do not fit the max
// input they are scaled down first (fitBudget).
func fitCandidate(ctx context.Context, in core.EvalInput, ev *core.Evaluation) []candidate {
	if ev.Overflow == nil && ev.BudgetProblem == nil {
		return nil
	}
	changes := fitAllocationChanges(ctx, in, ev)
	if len(changes) == 0 {
		return nil
	}
	budget := ev.Settings.Budget
	return []candidate{{kind: FitAllocations, changes: changes, describe: func(p core.Preview) string {
		var lowered []string
		budgeted, raises := "", false
		for _, c := range changes {
			k := core.KnobByID(c.KnobID)
			if c.KnobID == "assembly" {
				budgeted = " (" + strings.Join(ChangeFlags([]KnobChange{c}), " ") + ")"
				continue
			}
			was := k.Get(core.Settings{Budget: budget}).Int
			raises = raises || c.Value.Int > was
			lowered = append(lowered, fmt.Sprintf("--%s %s → %s", k.Flag, numfmt.Thousands(was), numfmt.Thousands(c.Value.Int)))
		}
		cuts := describeCuts(p)
		if len(lowered) == 0 {
			return "Assemble within the allocations instead of sending everything as given" + budgeted + ": the assembler " + cuts + "."
		}
		// A component sent whole (the chat layout's system message) gets
		// what it uses, which can be more than it had: the fit is then no
		// scale-down.
		title := "Scale the allocations down to fit"
		if raises {
			title = "Fit the allocations to the request and"
		}
		return fmt.Sprintf("%s the %s-token max input (%s: a component that needs less than its share keeps what it uses, the others share the rest in proportion, none below %d tokens) and assemble within them%s: the assembler %s.",
			title, numfmt.Thousands(budget.MaxInput()), strings.Join(lowered, ", "), allocationFloor, budgeted, cuts)
	}}}
}

// describeCuts names the components the preview shrinks most.
func describeCuts(p core.Preview) string {
	deltas := slices.Clone(p.Components)
	slices.SortStableFunc(deltas, func(a, b core.ComponentDelta) int {
		return (b.UsedBefore - b.UsedAfter) - (a.UsedBefore - a.UsedAfter)
	})
	var cuts []string
	for _, d := range deltas[:min(3, len(deltas))] {
		if d.UsedAfter < d.UsedBefore {
			cuts = append(cuts, fmt.Sprintf("cuts the %s from %s to %s tokens", window.ComponentWords(d.Name), numfmt.Thousands(d.UsedBefore), numfmt.Thousands(d.UsedAfter)))
		}
	}
	if len(cuts) == 0 {
		return "cuts nothing"
	}
	return strings.Join(cuts, ", ")
}

// reserveCandidate: lower the reply reserve to what the window leaves
// beside the request (or beside the allocations, when they are what does
// not fit). It changes nothing sent; it limits the reply.
func reserveCandidate(ev *core.Evaluation) []candidate {
	if ev.Overflow == nil && ev.BudgetProblem == nil {
		return nil
	}
	b := ev.Settings.Budget
	needed := ev.Assembly.Used
	if ev.BudgetProblem != nil {
		needed = max(needed, b.Allocated())
	}
	reserve := b.TotalWindow - needed
	if reserve < 1 || reserve >= b.ResponseReserve {
		return nil
	}
	return []candidate{{kind: Reserve, changes: []KnobChange{intChange("reserve", reserve)}, describe: func(core.Preview) string {
		return fmt.Sprintf("Lower the response reserve from %s to %s tokens (--reserve %d), what the %s-token window leaves beside the %s-token request: nothing sent changes, but the reply can be no longer than %s tokens.",
			numfmt.Thousands(b.ResponseReserve), numfmt.Thousands(reserve), reserve, numfmt.Thousands(b.TotalWindow), numfmt.Thousands(needed), numfmt.Thousands(reserve))
	}}}
}

// shrinkLargestCandidate: in a budgeted request over its max input, cut
// the component that takes the most by what the request is over.
func shrinkLargestCandidate(ev *core.Evaluation) []candidate {
	if ev.Overflow == nil || ev.BudgetProblem != nil || ev.Settings.Mode != window.Budgeted {
		return nil
	}
	var largest window.ComponentReport
	for _, c := range ev.Assembly.Components {
		if _, ok := allocationKnobs[c.Name]; ok && c.Name != window.ComponentQuery && c.Used > largest.Used {
			largest = c
		}
	}
	excess := ev.Overflow.Total - ev.Overflow.MaxInput
	lowered := max(min(largest.Allocated, allocationFloor), largest.Used-excess)
	if largest.Name == "" || lowered >= largest.Allocated {
		return nil
	}
	return []candidate{{kind: ShrinkLargest, changes: []KnobChange{intChange(allocationKnobs[largest.Name], lowered)}, describe: func(core.Preview) string {
		return fmt.Sprintf("Lower the %s allocation from %s to %s tokens (--%s %d): %s takes the most (%s tokens) and the request is %s over, so the assembler cuts that much more of it.",
			window.ComponentWords(largest.Name), numfmt.Thousands(largest.Allocated), numfmt.Thousands(lowered), core.KnobByID(allocationKnobs[largest.Name]).Flag, lowered, window.ComponentWords(largest.Name), numfmt.Thousands(largest.Used), tokenCount(excess))
	}}}
}

// raiseCutCandidates: give a component the assembler cut what it needs,
// when the max input has room for it. The retrieved context has a fix of
// its own (nextStrongDocumentCandidate) and the query is never cut.
func raiseCutCandidates(ev *core.Evaluation) []candidate {
	if ev.BudgetProblem != nil || ev.Settings.Mode != window.Budgeted {
		return nil
	}
	b := ev.Settings.Budget
	var out []candidate
	for _, c := range ev.Assembly.Components {
		id, ok := allocationKnobs[c.Name]
		if !ok || c.Name == window.ComponentRAG || c.Name == window.ComponentQuery || !c.Truncated || c.Raw <= c.Allocated {
			continue
		}
		extra := c.Raw - c.Allocated
		if extra > b.MaxInput()-ev.Assembly.Used || extra > b.Slack() {
			continue // no room: raising it would overflow
		}
		out = append(out, candidate{kind: RaiseCut, changes: []KnobChange{intChange(id, c.Raw)}, describe: func(core.Preview) string {
			return fmt.Sprintf("Give the %s %s more (--%s %s → %s) so none of it is cut; the max input has room for it.",
				window.ComponentWords(c.Name), tokenCount(extra), core.KnobByID(id).Flag, numfmt.Thousands(c.Allocated), numfmt.Thousands(c.Raw))
		}})
	}
	return out
}

// budgetFirstCandidate: the reorder put strong documents where the
// greedy budget runs out. Budgeting first walks them strongest first, and
// the reorder still puts what was kept at both ends, so the ordering's
// benefit stays (turning lost-in-the-middle off would lose it). A
// reference-mode block overshoots its allocation by its headers and the
// assembler cuts its end, exactly where the reorder puts the
// second-strongest document; so when the block is over its allocation
// the fix counts headers too (strict mode).
func budgetFirstCandidate(ev *core.Evaluation) []candidate {
	if !hasFinding(ev, diagnose.CodeStrongDocLost, diagnose.CodeWeakerCopySent) {
		return nil
	}
	changes, strict := budgetFirstChanges(ev)
	if changes == nil {
		return nil
	}
	return []candidate{{kind: BudgetBeforeReorder, changes: changes, describe: func(p core.Preview) string {
		how := "Budget before reordering (--budget-before-reorder): the budget takes the documents strongest first instead of spending itself before the far end, and lost-in-the-middle then places what it kept at both ends"
		if strict {
			how += "; with the citation headers counted (strict mode, --budget-mode strict), so the block fits its allocation and the assembler does not cut the far end, where the second-strongest goes"
		}
		return how + ": " + describeDocuments(p) + "."
	}}}
}

// budgetFirstChanges are the changes that budget before the reorder, with
// strict mode when the block overshoots its allocation; nil when the
// reorder is off or the budget already runs first.
func budgetFirstChanges(ev *core.Evaluation) (changes []KnobChange, strict bool) {
	p := ev.Settings.Pipeline
	if ev.Build == nil || !p.LostInMiddle || p.BudgetBeforeReorder {
		return nil, false
	}
	changes = []KnobChange{{KnobID: "budget-first", Value: core.KnobValue{Bool: true}}}
	strict = p.BudgetMode == pipeline.BudgetReference && ev.Build.TokensUsed > ev.Settings.Budget.RetrievedContext
	if strict {
		changes = append(changes, KnobChange{KnobID: "budget-mode", Value: core.KnobValue{Text: string(pipeline.BudgetStrict)}})
	}
	return changes, strict
}

// describeDocuments counts the documents a preview brings in and drops,
// by the kinds the preview's list shows (DocumentChange.Kind), so the
// sentence and the list under it agree: a document left out by another
// stage, not sent either way, is neither.
func describeDocuments(p core.Preview) string {
	in, out := 0, 0
	for _, d := range p.Documents {
		switch d.Kind() {
		case core.ChangeIn:
			in++
		case core.ChangeOut:
			out++
		}
	}
	return fmt.Sprintf("%s brought in, %s dropped", numfmt.Count(in, "document", "documents"), numfmt.Thousands(out))
}

func hasFinding(ev *core.Evaluation, codes ...string) bool {
	for _, f := range ev.Findings {
		if slices.Contains(codes, f.Code) {
			return true
		}
	}
	return false
}

func tokenCount(n int) string { return numfmt.Count(n, "token", "tokens") }
