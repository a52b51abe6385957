package diagnose

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"ctxlab/core/memory"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// dominantShare is the share of the input above which one component is
// said to dominate: past half, everything else together is smaller, and
// trimming that one component is the lever that matters.
const dominantShare = 0.5

// largestListed is how many of a dominant component's largest rows a
// finding names.
const largestListed = 3

// dominanceFindings: history or tool results taking most of the input,
// with their largest messages or results.
func dominanceFindings(in *Input) []Finding {
	a := in.Assembly
	if a == nil || a.Used <= 0 {
		return nil
	}
	var fs []Finding
	if c, ok := a.Component(window.ComponentHistory); ok && float64(c.Used) > dominantShare*float64(a.Used) {
		var rows []sizedRow
		if in.Memory != nil {
			for _, f := range in.Memory.Fates {
				if f.Fate == memory.Kept || f.Fate == memory.Pinned {
					rows = append(rows, sizedRow{in.messageRef(f.Index), f.Tokens})
				}
			}
		}
		fs = append(fs, dominanceFinding(CodeHistoryDominates, window.ComponentHistory, "The conversation history takes", c.Used, a.Used, rows))
	}
	if c, ok := a.Component(window.ComponentToolResults); ok && float64(c.Used) > dominantShare*float64(a.Used) {
		var rows []sizedRow
		for i, r := range in.ToolResults {
			if i < len(in.Numbers.ToolResult) && in.Numbers.ToolResult[i] == 0 {
				continue // an assistant's calls, not a tool's output
			}
			rows = append(rows, sizedRow{in.toolResultRef(i), in.Pipeline.Tokenizer.Count(r.Content) + in.Pipeline.Tokenizer.Count(string(r.ToolCalls))})
		}
		fs = append(fs, dominanceFinding(CodeToolResultsDominate, window.ComponentToolResults, "The tool results take", c.Used, a.Used, rows))
	}
	return fs
}

type sizedRow struct {
	ref    Ref
	tokens int
}

func dominanceFinding(code, component, what string, used, total int, rows []sizedRow) Finding {
	slices.SortStableFunc(rows, func(a, b sizedRow) int { return cmp.Compare(b.tokens, a.tokens) })
	rows = rows[:min(len(rows), largestListed)]
	refs := []Ref{ComponentRef(component)}
	msg := fmt.Sprintf("%s %s of the input (%s of %s)", what, percent(used, total), numfmt.Thousands(used), tokensOf(total))
	if len(rows) > 0 {
		listed := make([]string, len(rows))
		for n, r := range rows {
			listed[n] = fmt.Sprintf("%s (%s)", r.ref.Label(), tokensOf(r.tokens))
			refs = append(refs, r.ref)
		}
		msg += "; the largest: " + strings.Join(listed, ", ")
	}
	return Finding{Code: code, Severity: SeverityInfo, Message: msg + ".", Refs: refs, weight: used}
}
