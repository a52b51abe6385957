package cli

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	rpt "ctxlab/cli/report"
	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// diffInputs says which inputs two scenarios compared by ctxlab diff
// hold differently (the system prompt, tool definitions, history,
// documents, tool results), each by its size on both sides: the
// settings that differ are not all that changed. The query is a
// setting (--query) and listed with them. It is nil when both sides
// share one input, as with --set or one --docs or --scenario.
func diffInputs(baseline, current diffSide) []rpt.InputChange {
	a, b := baseline.scenario, current.scenario
	if a == nil || b == nil || a == b || baseline.eval == nil || current.eval == nil {
		return nil
	}
	raw := func(ev *core.Evaluation, name string) int {
		for _, c := range ev.Assembly.Components {
			if c.Name == name {
				return c.Raw
			}
		}
		return 0
	}
	tokens := func(name string) string {
		return fmt.Sprintf("%s → %s tokens before any cut", numfmt.Thousands(raw(baseline.eval, name)), numfmt.Thousands(raw(current.eval, name)))
	}
	counts := func(n, m int, one, many string) string {
		return fmt.Sprintf("%s → %s", numfmt.Thousands(n), numfmt.Count(m, one, many))
	}
	var out []rpt.InputChange
	if a.SystemPrompt != b.SystemPrompt {
		out = append(out, rpt.InputChange{What: window.ComponentWords(window.ComponentSystem),
			Words: counts(utf8.RuneCountInString(a.SystemPrompt), utf8.RuneCountInString(b.SystemPrompt), "character", "characters") + ", " + tokens(window.ComponentSystem)})
	}
	if !sameTools(a, b) {
		out = append(out, rpt.InputChange{What: window.ComponentWords(window.ComponentTools),
			Words: counts(len(a.Tools), len(b.Tools), "tool", "tools") + ", " + tokens(window.ComponentTools)})
	}
	if !sameHistory(a, b) {
		out = append(out, rpt.InputChange{What: window.ComponentWords(window.ComponentHistory),
			Words: counts(len(a.History), len(b.History), "message", "messages") + ", " + tokens(window.ComponentHistory)})
	}
	if only := documentsOnlyIn(b, a); only > 0 || len(a.Documents) != len(b.Documents) {
		out = append(out, rpt.InputChange{What: "documents",
			Words: fmt.Sprintf("%s, %s not in the baseline", counts(len(a.Documents), len(b.Documents), "document", "documents"), numfmt.Thousands(only))})
	}
	if !sameToolResults(a, b) {
		out = append(out, rpt.InputChange{What: window.ComponentWords(window.ComponentToolResults),
			Words: counts(len(a.ToolResults), len(b.ToolResults), "tool result", "tool results") + ", " + tokens(window.ComponentToolResults)})
	}
	return out
}

func sameTools(a, b *core.Scenario) bool {
	if len(a.Tools) != len(b.Tools) {
		return false
	}
	for i := range a.Tools {
		if !bytes.Equal(a.Tools[i], b.Tools[i]) {
			return false
		}
	}
	return true
}

func sameHistory(a, b *core.Scenario) bool {
	if len(a.History) != len(b.History) {
		return false
	}
	for i := range a.History {
		if a.History[i].Role != b.History[i].Role || a.History[i].Content != b.History[i].Content {
			return false
		}
	}
	return true
}

func sameToolResults(a, b *core.Scenario) bool {
	if len(a.ToolResults) != len(b.ToolResults) {
		return false
	}
	for i := range a.ToolResults {
		x, y := a.ToolResults[i], b.ToolResults[i]
		if x.Name != y.Name || x.Content != y.Content || x.Role != y.Role {
			return false
		}
	}
	return true
}

// documentsOnlyIn counts the documents of b that a does not hold: the
// same source and text.
func documentsOnlyIn(b, a *core.Scenario) int {
	type key struct{ source, content string }
	have := make(map[key]bool, len(a.Documents))
	for _, d := range a.Documents {
		have[key{d.Source, d.Content}] = true
	}
	n := 0
	for _, d := range b.Documents {
		if !have[key{d.Source, d.Content}] {
			n++
		}
	}
	return n
}
