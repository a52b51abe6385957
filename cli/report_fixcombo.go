package cli

import (
	"context"
	"fmt"
	"slices"
	"strings"

	rpt "ctxlab/cli/report"
	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/fix"
	"ctxlab/internal/numfmt"
)

// The fixes are each measured alone. A reader who sees that fix 1 ends
// the overflow and fix 5 mends the documents asks whether both can be
// applied: the report says which fixes are alternatives and measures
// the pairs worth applying together, evaluating the request again with
// both fixes' changes as core measures each fix's preview.

// fixAlternatives says which fixes are one choice: those that each
// settle the overflow alone, and those that set the same setting or
// edit the same item. Numbers are the fixes' places in fixes, from 1.
func fixAlternatives(fixes []fix.Fix, rows []rpt.Fix) []string {
	var out []string
	var resolve []int
	for i, r := range rows {
		if r.Class == rpt.FixResolves {
			resolve = append(resolve, i+1)
		}
	}
	if len(resolve) > 1 {
		out = append(out, fmt.Sprintf("%s each make the request fit on their own: they are alternatives, apply one of them.", fixNumbers(resolve)))
	}
	var seen [][]int
	for i := range fixes {
		for _, key := range changeKeys(fixes[i]) {
			var same []int
			for j := range fixes {
				if slices.Contains(changeKeys(fixes[j]), key) {
					same = append(same, j+1)
				}
			}
			if len(same) < 2 || slices.ContainsFunc(seen, func(s []int) bool { return slices.Equal(s, same) }) || sameAs(same, resolve) {
				continue
			}
			seen = append(seen, same)
			verb := "all change"
			if len(same) == 2 {
				verb = "both change"
			}
			out = append(out, fmt.Sprintf("%s %s %s: they cannot be applied together, pick one.", fixNumbers(same), verb, keyWords(key)))
		}
	}
	return out
}

// sameAs says every number of a is in b.
func sameAs(a, b []int) bool {
	for _, n := range a {
		if !slices.Contains(b, n) {
			return false
		}
	}
	return true
}

// changeKeys are what a fix's changes set: a knob's id, or for a list
// knob (an item's edit) the item it names, so a fix that drops tool
// result 2 and one that cuts it are seen to clash.
func changeKeys(f fix.Fix) []string {
	var keys []string
	for _, c := range f.Changes {
		k := core.KnobByID(c.KnobID)
		if k != nil && k.Kind == core.KnobList {
			for _, item := range c.Value.List {
				name, _, _ := strings.Cut(item, "=")
				keys = append(keys, "item "+name)
			}
			continue
		}
		keys = append(keys, "knob "+c.KnobID)
	}
	return keys
}

// keyWords says a change key in words: "--dedup-threshold", "item
// tool_result:2".
func keyWords(key string) string {
	if id, ok := strings.CutPrefix(key, "knob "); ok {
		if k := core.KnobByID(id); k != nil {
			return "--" + k.Flag
		}
		return id
	}
	return strings.TrimPrefix(key, "item ")
}

// fixNumbers writes "fixes 1, 2 and 4".
func fixNumbers(ns []int) string {
	words := make([]string, len(ns))
	for i, n := range ns {
		words[i] = fmt.Sprint(n)
	}
	if len(words) == 1 {
		return "Fix " + words[0]
	}
	return "Fixes " + strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// maxFixCombos bounds the pairs measured.
const maxFixCombos = 4

// fixCombos measures the fix the verdict recommends, when it makes the
// request fit, together with each fix that does not settle the request
// alone and clashes with it in nothing: the pairs a reader would apply.
// A pair is reported when it fits and clears a warning or an error the
// recommended fix alone leaves. Without the input the fixes were
// measured on (a report made elsewhere than assemble's run), there is
// nothing to measure them on.
func fixCombos(ctx context.Context, run *assembleRun, fixes []fix.Fix, rows []rpt.Fix) ([]rpt.FixCombo, error) {
	base := comboBase(rows)
	if base < 0 || base >= len(fixes) || run.eval == nil || run.input.Scenario == nil {
		return nil, nil
	}
	first := fixes[base]
	left := first.Preview.Evaluation
	if left == nil {
		return nil, nil
	}
	var combos []rpt.FixCombo
	for j, f := range fixes {
		if j == base || rows[j].Class == rpt.FixResolves || len(combos) == maxFixCombos || clashes(first, f) {
			continue
		}
		changes := append(slices.Clone(first.Changes), f.Changes...)
		s, err := fix.ApplyChanges(run.eval.Settings, changes)
		if err != nil {
			continue // the two cannot be set together
		}
		in := run.input
		if in.Analysis == nil {
			in.Analysis = run.eval.InputAnalysis()
		}
		after, err := core.Evaluate(ctx, in, s)
		if err != nil {
			return nil, err
		}
		gone := seriousGone(left.Findings, after.Findings)
		if after.Overflow != nil || after.BudgetProblem != nil || len(gone) == 0 {
			continue
		}
		c := rpt.FixCombo{Numbers: []int{base + 1, j + 1}, Flags: strings.Join(append(slices.Clone(first.Flags), f.Flags...), " "), Fits: true,
			Effect: fmt.Sprintf("request %s → %s tokens of %s max input · fits", numfmt.Thousands(run.eval.Assembly.Used),
				numfmt.Thousands(after.Assembly.Used), numfmt.Thousands(after.Assembly.MaxInput))}
		c.Words = fmt.Sprintf("fits, and clears what fix %d alone leaves: %s", base+1, strings.Join(gone, "; "))
		if brought := seriousGone(after.Findings, left.Findings); len(brought) > 0 {
			c.Words += "; brings: " + strings.Join(brought, "; ")
		}
		combos = append(combos, c)
	}
	return combos, nil
}

// comboBase is the place in rows of the fix combinations are built
// from: the one the verdict recommends (rpt.Report.VerdictFix), so a fix
// the verdict sets aside, such as a window the deployment may not have,
// is never recombined; -1 when the verdict recommends none that makes
// the request fit.
func comboBase(rows []rpt.Fix) int {
	v := (&rpt.Report{Fixes: rows}).VerdictFix()
	if v == nil {
		return -1
	}
	pick := v.Best
	if v.Otherwise != nil {
		pick = v.Otherwise
	}
	for i := range rows {
		if &rows[i] == pick && rows[i].Class == rpt.FixResolves {
			return i
		}
	}
	return -1
}

// clashes says two fixes set the same setting or edit the same item.
func clashes(a, b fix.Fix) bool {
	keys := changeKeys(a)
	return slices.ContainsFunc(changeKeys(b), func(k string) bool { return slices.Contains(keys, k) })
}

// seriousGone names the warnings and errors of before that after no
// longer has, by code and the rows they are about.
func seriousGone(before, after []diagnose.Finding) []string {
	var out []string
	for _, f := range before {
		if f.Severity == diagnose.SeverityInfo {
			continue
		}
		about := fix.FindingAbout(f)
		if slices.ContainsFunc(after, func(g diagnose.Finding) bool { return g.Code == f.Code && fix.FindingAbout(g) == about }) {
			continue
		}
		plain := rpt.PlainAbout(about)
		out = append(out, strings.ToLower(plain[:1])+plain[1:])
	}
	return out
}
