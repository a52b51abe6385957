package scenario

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"ctxlab/core"
	"ctxlab/loaders"
)

var (
	agentKeys     = []string{"summary", "steps", "step"}
	agentStepKeys = []string{"name", "requires", "output"}
)

// readAgent reads a multi-step agent's workflow:
//
//	agent:
//	  summary: what the workflow is doing
//	  step: draft              # the step whose context the request carries
//	  steps:
//	    - {name: search, output: "..."}
//	    - {name: draft, requires: [search]}
//
// A step with an output has run (the article's record_step_output); one
// without has not. A required step that is not in the list is a typo, and
// said so; one that has not run is left out of the context, as the
// article does, and the trace says so.
func (r *scenarioReader) readAgent() error {
	f, ok := r.fields["agent"]
	if !ok || loaders.IsNull(f.Value) {
		return nil
	}
	fields, err := loaders.YAMLFields(r.name, f.Value, "agent", agentKeys)
	if err != nil {
		return err
	}
	wf := &core.AgentWorkflow{}
	if s, ok := fields["summary"]; ok {
		if wf.Summary, err = loaders.YAMLText(r.name, s.Value, "agent summary"); err != nil {
			return err
		}
	}
	stepsField, ok := fields["steps"]
	if !ok {
		return loaders.YAMLErr(r.name, f.Key, "agent has no steps; expected steps: a list of {name, requires, output}")
	}
	items, err := loaders.YAMLList(r.name, stepsField.Value, "agent steps", "a list of {name, requires, output}")
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return loaders.YAMLErr(r.name, stepsField.Value, "agent steps is empty; expected at least one {name, requires, output}")
	}
	lines := map[string]int{}
	for i, item := range items {
		step, err := r.agentStep(item, i+1)
		if err != nil {
			return err
		}
		if line, dup := lines[step.Name]; dup {
			return loaders.YAMLErr(r.name, item, "agent step %s appears twice (first on line %d)", loaders.Quoted(step.Name), line)
		}
		lines[step.Name] = loaders.ResolveAlias(item).Line
		wf.Steps = append(wf.Steps, step)
	}
	for i, item := range items {
		for _, req := range wf.Steps[i].Requires {
			if _, ok := lines[req]; !ok {
				return loaders.YAMLErr(r.name, item, "agent step %s requires %s, which is not a step; expected one of %s",
					loaders.Quoted(wf.Steps[i].Name), loaders.Quoted(req), strings.Join(wf.StepNames(), ", "))
			}
		}
	}
	if i, cycle := requiresCycle(wf.Steps); cycle != nil {
		return loaders.YAMLErr(r.name, items[i], "agent steps require each other in a cycle: %s; expected each step to read only steps that can run before it",
			strings.Join(cycle, " → "))
	}
	if s, ok := fields["step"]; ok {
		name, err := loaders.YAMLText(r.name, s.Value, "agent step")
		if err != nil {
			return err
		}
		if _, ok := wf.Step(name); !ok {
			return loaders.YAMLErr(r.name, s.Value, "agent step %s is not a step; expected one of %s", loaders.Quoted(name), strings.Join(wf.StepNames(), ", "))
		}
		r.sc.Settings.Step = name
	}
	r.sc.Agent = wf
	return nil
}

func (r *scenarioReader) agentStep(item *yaml.Node, n int) (core.AgentStep, error) {
	what := fmt.Sprintf("agent steps item %d", n)
	fields, err := loaders.YAMLFields(r.name, item, what, agentStepKeys)
	if err != nil {
		return core.AgentStep{}, err
	}
	var step core.AgentStep
	nameField, ok := fields["name"]
	if !ok {
		return step, loaders.YAMLErr(r.name, item, "%s has no name; expected {name, requires, output}", what)
	}
	if step.Name, err = loaders.YAMLText(r.name, nameField.Value, what+" name"); err != nil {
		return step, err
	}
	if strings.TrimSpace(step.Name) == "" {
		return step, loaders.YAMLErr(r.name, nameField.Value, "%s name is empty", what)
	}
	if f, ok := fields["requires"]; ok && !loaders.IsNull(f.Value) {
		reqs, err := loaders.YAMLList(r.name, f.Value, what+" requires", "a list of step names")
		if err != nil {
			return step, err
		}
		for j, req := range reqs {
			name, err := loaders.YAMLText(r.name, req, fmt.Sprintf("%s requires[%d]", what, j+1))
			if err != nil {
				return step, err
			}
			switch {
			case name == step.Name:
				return step, loaders.YAMLErr(r.name, req, "agent step %q requires itself; expected the steps whose outputs it reads", name)
			case slices.Contains(step.Requires, name):
				// Twice would halve every required output's share.
				return step, loaders.YAMLErr(r.name, req, "agent step %q requires %q twice", step.Name, name)
			}
			step.Requires = append(step.Requires, name)
		}
	}
	if f, ok := fields["output"]; ok && !loaders.IsNull(f.Value) {
		if step.Output, err = loaders.YAMLText(r.name, f.Value, what+" output"); err != nil {
			return step, err
		}
		step.Recorded = true
	}
	return step, nil
}

// requiresCycle finds steps that require each other round (a requires b,
// b requires a): none of them could ever run. It returns the index of the
// step the cycle was found from and the cycle as names, first name
// repeated at the end; nil when there is none. Every require names a step
// (checked before).
func requiresCycle(steps []core.AgentStep) (int, []string) {
	index := make(map[string]int, len(steps))
	for i, s := range steps {
		index[s.Name] = i
	}
	const (
		unvisited = iota
		onPath
		done
	)
	state := make([]int, len(steps))
	var path []string
	var visit func(i int) []string
	visit = func(i int) []string {
		state[i] = onPath
		path = append(path, steps[i].Name)
		for _, req := range steps[i].Requires {
			j := index[req]
			switch state[j] {
			case onPath:
				start := slices.Index(path, req)
				return append(slices.Clone(path[start:]), req)
			case unvisited:
				if cycle := visit(j); cycle != nil {
					return cycle
				}
			}
		}
		path = path[:len(path)-1]
		state[i] = done
		return nil
	}
	for i := range steps {
		if state[i] == unvisited {
			if cycle := visit(i); cycle != nil {
				return index[cycle[0]], cycle
			}
		}
	}
	return 0, nil
}
