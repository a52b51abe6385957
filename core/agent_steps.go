package core

import (
	"fmt"
	"strings"

	"ctxlab/core/tokens"
)

// AgentSteps is the article's AgentContextManager: step outputs are kept
// whole (the article stores them "externally") and each step's context is
// built from the outputs of the steps it requires only.
type AgentSteps struct {
	Outputs map[string]string `json:"outputs"`
	// Summary is the workflow summary put before the step outputs.
	Summary string `json:"summary,omitempty"`
}

// Record stores a step's output, replacing an earlier one of that name,
// as record_step_output does.
func (a *AgentSteps) Record(step, output string) {
	if a.Outputs == nil {
		a.Outputs = make(map[string]string)
	}
	a.Outputs[step] = output
}

// StepTrace is what ContextForStep did with one required step.
type StepTrace struct {
	Step    string `json:"step"`
	Present bool   `json:"present"` // false: never recorded, left out
	// Allowance is the tool-results budget divided by the number of
	// required steps; Tokens and Kept are the output's tokens before and
	// after truncation.
	Allowance int  `json:"allowance"`
	Tokens    int  `json:"tokens"`
	Kept      int  `json:"kept"`
	Truncated bool `json:"truncated"`
}

// ContextForStep is context_for_step: "Workflow summary: …" first when a
// summary is set, then "[name output: …]" for each required step that was
// recorded, truncated keeping the start to toolResultsBudget //
// len(required) tokens, all joined with "\n". Steps never recorded are
// left out silently by the article; here the trace says so. The step's
// own name does not change the context; the article ignores it too. A negative
// budget is treated as 0, where Python's floor division and negative
// slice would keep all but the last tokens.
func (a *AgentSteps) ContextForStep(step string, required []string, toolResultsBudget int, tok tokens.Tokenizer) (string, []StepTrace) {
	if tok == nil {
		tok = tokens.Heuristic{}
	}
	var parts []string
	if a.Summary != "" {
		parts = append(parts, "Workflow summary: "+a.Summary)
	}
	allowance := 0
	if len(required) > 0 {
		allowance = max(toolResultsBudget, 0) / len(required)
	}
	trace := make([]StepTrace, 0, len(required))
	for _, name := range required {
		t := StepTrace{Step: name, Allowance: allowance}
		output, ok := a.Outputs[name]
		if ok {
			t.Present = true
			t.Tokens = tok.Count(output)
			kept := tok.Truncate(output, allowance, tokens.KeepStart)
			t.Kept = tok.Count(kept)
			t.Truncated = kept != output
			parts = append(parts, fmt.Sprintf("[%s output: %s]", name, kept))
		}
		trace = append(trace, t)
	}
	return strings.Join(parts, "\n"), trace
}
