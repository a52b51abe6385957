package fix

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"ctxlab/core"
)

// Suggest returns the fixes for an evaluation, best first, each with the
// preview of its effect. in is the input ev was evaluated from; every
// fix is evaluated again from it, so a preview is exact.
//
// The fixes are knob changes only; the input itself is never edited. The
// largest tool result or message is dropped or cut through the item-edit
// settings (--drop-item, --truncate-item), applied before assembly.
//
// Ranking: a fix that changes nothing sent (Preview.SendsSame:
// lowering the reserve to the reply the request asks for, measuring
// against the model's own window) comes before any that does, unless it
// makes a fitting request overflow. Then: fixes that make an overflowing request fit come first, those
// sending the most more documents, then saving the most tokens, first
// among them; then the fixes that change what is sent, those that clear
// the most warnings less the warnings they raise first, then the
// cheapest in tokens, then those sending the most more documents; fixes
// that would make a fitting request overflow come last. A fix that adds tokens to a
// request already over is not offered.
func Suggest(ctx context.Context, in core.EvalInput, ev *core.Evaluation) ([]Fix, error) {
	if ev == nil || ev.Assembly == nil {
		return nil, nil
	}
	if in.Analysis == nil {
		in.Analysis = ev.InputAnalysis()
	}
	var candidates []candidate
	candidates = append(candidates, fitCandidate(ctx, in, ev)...)
	candidates = append(candidates, askedReserveCandidate(in, ev)...)
	candidates = append(candidates, modelWindowCandidate(ev)...)
	candidates = append(candidates, reserveCandidate(ev)...)
	candidates = append(candidates, shrinkLargestCandidate(ev)...)
	candidates = append(candidates, raiseCutCandidates(ev)...)
	candidates = append(candidates, nextStrongDocumentCandidate(ctx, in, ev)...)
	candidates = append(candidates, budgetFirstCandidate(ev)...)
	candidates = append(candidates, dedupPairCandidates(ev)...)
	candidates = append(candidates, dedupURLCandidate(ev)...)
	candidates = append(candidates, itemCandidates(in, ev)...)

	var fixes []Fix
	for _, c := range candidates {
		flags := ChangeFlags(c.changes)
		if slices.ContainsFunc(fixes, func(f Fix) bool { return slices.Equal(f.Flags, flags) }) {
			continue // two remedies that came to the same changes
		}
		p, err := preview(ctx, in, ev, c.changes)
		if err != nil {
			return nil, err
		}
		if !changesAnything(p) || p.Evaluation.BudgetProblem != nil || deepensOverflow(p) {
			// No effect; allocations over the window, which the
			// assembler cannot apply (and assemble refuses); or more
			// tokens for a request already over, which fixes nothing.
			continue
		}
		if c.accept != nil && !c.accept(p) {
			continue // measured, it does not do what it is offered for
		}
		description := namingFlags(c.describe(p), c.changes)
		if f, ok := leavesContradiction(p); ok {
			description += " It leaves a contradiction sent: " + f.Message
		}
		fixes = append(fixes, Fix{Kind: c.kind, Description: description, Changes: c.changes, Flags: flags, Preview: p})
	}
	slices.SortStableFunc(fixes, func(a, b Fix) int {
		ga, gb := rankGroup(a.Preview), rankGroup(b.Preview)
		if la, lb := ga != 2 && a.Preview.SendsSame(), gb != 2 && b.Preview.SendsSame(); la != lb {
			if la {
				return -1
			}
			return 1
		}
		if ga != gb || ga != 1 {
			return cmp.Or(
				cmp.Compare(ga, gb),
				cmp.Compare(b.Preview.DocumentsGained(), a.Preview.DocumentsGained()),
				cmp.Compare(b.Preview.TokensSaved(), a.Preview.TokensSaved()),
			)
		}
		// Neither is about fitting: what the findings say first (a fix
		// that trades a lost document for a contradiction sent resolves
		// nothing), then the cheapest, then the most documents.
		return cmp.Or(
			cmp.Compare(warningsResolved(b.Preview), warningsResolved(a.Preview)),
			cmp.Compare(b.Preview.TokensSaved(), a.Preview.TokensSaved()),
			cmp.Compare(b.Preview.DocumentsGained(), a.Preview.DocumentsGained()),
		)
	})
	return fixes, nil
}

// warningsResolved is the warnings and errors a preview makes go away
// less those it makes appear.
func warningsResolved(p core.Preview) int { return p.WarningsGone() - p.NewWarnings() }

// rankGroup: 0 makes an overflowing request fit, 2 makes a fitting one
// overflow, 1 is the rest.
func rankGroup(p core.Preview) int {
	switch {
	case !p.FitsBefore && p.Fits:
		return 0
	case p.FitsBefore && !p.Fits:
		return 2
	}
	return 1
}

// deepensOverflow: the request is over its max input before and after,
// and the fix adds tokens (a larger allocation while over), so it makes
// the overflow worse whatever documents it brings in.
func deepensOverflow(p core.Preview) bool {
	return !p.FitsBefore && !p.Fits && p.UsedAfter > p.UsedBefore
}

// changesAnything: the fix moves a figure the user sees or a document's
// fate.
func changesAnything(p core.Preview) bool {
	if p.UsedBefore != p.UsedAfter || p.MaxInputBefore != p.MaxInputAfter || p.FitsBefore != p.Fits || len(p.Documents) > 0 {
		return true
	}
	for _, c := range p.Components {
		if c.UsedBefore != c.UsedAfter || c.AllocatedBefore != c.AllocatedAfter {
			return true
		}
	}
	return false
}

// namingFlags is a description that names every flag the changes set:
// the describe functions name them in their sentences, and one they do
// not name is added at the end, so no fix sets a flag without saying so.
func namingFlags(description string, changes []KnobChange) string {
	named := FlagsNamed(strings.Fields(description))
	var missing []string
	for _, c := range changes {
		spelt := ChangeFlags([]KnobChange{c})
		if flags := FlagsNamed(spelt); len(flags) > 0 && !slices.Contains(named, flags[0]) {
			missing = append(missing, strings.Join(spelt, " "))
			named = append(named, flags[0])
		}
	}
	if len(missing) == 0 {
		return description
	}
	return description + " Sets " + strings.Join(missing, ", ") + "."
}

// FlagsNamed are the distinct flags ("--mode") among words, in order:
// a flag with its value after "=" is its name, and punctuation around a
// word ("(--reserve", "--mode,") is not part of it.
func FlagsNamed(words []string) []string {
	var out []string
	for _, w := range words {
		i := strings.Index(w, "--")
		if i < 0 {
			continue
		}
		name := w[i+2:]
		if j := strings.IndexFunc(name, func(r rune) bool { return !(r == '-' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }); j >= 0 {
			name = name[:j]
		}
		if name == "" || name[0] == '-' {
			continue
		}
		if flag := "--" + strings.TrimRight(name, "-"); !slices.Contains(out, flag) {
			out = append(out, flag)
		}
	}
	return out
}
