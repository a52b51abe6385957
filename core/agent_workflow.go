package core

import (
	"fmt"
	"strings"

	"ctxlab/core/tokens"
)

// AgentWorkflow is a multi-step agent's state as a scenario records it:
// its steps in order, what each requires, the outputs recorded so far,
// and the workflow summary. Choosing a step (Settings.Step) makes the
// tool-results component that step's context, built by ContextForStep.
type AgentWorkflow struct {
	Summary string      `json:"summary,omitempty"`
	Steps   []AgentStep `json:"steps"`
}

// AgentStep is one step of the workflow.
type AgentStep struct {
	Name     string   `json:"name"`
	Requires []string `json:"requires,omitempty"`
	// Output is what the step produced; Recorded tells an empty output
	// from a step that has not run yet.
	Output   string `json:"output,omitempty"`
	Recorded bool   `json:"recorded"`
}

// Step returns the step of that name.
func (w *AgentWorkflow) Step(name string) (AgentStep, bool) {
	if w == nil {
		return AgentStep{}, false
	}
	for _, s := range w.Steps {
		if s.Name == name {
			return s, true
		}
	}
	return AgentStep{}, false
}

// StepNames lists the steps in order.
func (w *AgentWorkflow) StepNames() []string {
	if w == nil {
		return nil
	}
	names := make([]string, len(w.Steps))
	for i, s := range w.Steps {
		names[i] = s.Name
	}
	return names
}

// StepContext is the tool-results component built for one step.
type StepContext struct {
	Step     string      `json:"step"`
	Requires []string    `json:"requires"`
	Text     string      `json:"text"`
	Trace    []StepTrace `json:"trace"`
}

// ContextFor records every step's output that was recorded, as the
// article's record_step_output calls would have, and builds step's
// context within the tool-results allocation.
func (w *AgentWorkflow) ContextFor(step string, toolResultsBudget int, tok tokens.Tokenizer) (*StepContext, error) {
	s, ok := w.Step(step)
	if !ok {
		if w == nil || len(w.Steps) == 0 {
			return nil, fmt.Errorf("agent step %q: the input has no agent steps", step)
		}
		return nil, fmt.Errorf("agent step %q: expected one of %s", step, strings.Join(w.StepNames(), ", "))
	}
	steps := AgentSteps{Summary: w.Summary}
	for _, r := range w.Steps {
		if r.Recorded {
			steps.Record(r.Name, r.Output)
		}
	}
	text, trace := steps.ContextForStep(step, s.Requires, toolResultsBudget, tok)
	return &StepContext{Step: step, Requires: s.Requires, Text: text, Trace: trace}, nil
}
