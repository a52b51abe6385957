package cli

import (
	"fmt"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/loaders/scenario"
)

// scenarioHelp describes --scenario in the commands that run the
// pipeline alone (build, sweep, eval).
const scenarioHelp = "a scenario file (YAML): its documents (or eval: run), its settings, its retrieved-context allocation as the budget; flags override them"

// loadScenario reads a scenario file as every command that takes
// --scenario does: its preset: key may name a preset of presets (a
// --budget-file's and the built-in ones), and its paths stay in its
// folder and the working folder unless allowOutside.
func loadScenario(path string, presets window.PresetSet, allowOutside bool) (*core.Scenario, error) {
	return scenario.LoadFile(path, scenario.Options{Presets: presets, AllowOutside: allowOutside})
}

// scenarioPipelineInput is the pipeline's input taken from a scenario
// file: its documents, its settings with the flags given applied over
// them, and its retrieved-context allocation as the budget unless
// --budget was given. The build and sweep commands read it.
func (f *buildFlags) scenarioPipelineInput(fs *flagSet) (core.Settings, *core.Scenario, error) {
	for _, name := range []string{"docs", "doc-format", "per-paragraph"} {
		if flagWasSet(fs, name) {
			return core.Settings{}, nil, fmt.Errorf("--%s and --scenario: give one input; the scenario names its own documents", name)
		}
	}
	presets, err := presetSet("")
	if err != nil {
		return core.Settings{}, nil, err
	}
	sc, err := loadScenario(f.scenario, presets, f.allowOutside)
	if err != nil {
		return core.Settings{}, nil, err
	}
	settings := sc.Settings
	if err := f.knobs.apply(fs, &settings, core.KnobContext{Presets: presets}, nil); err != nil {
		return settings, nil, err
	}
	if !flagWasSet(fs, "budget") {
		f.budget = settings.Budget.RetrievedContext
	}
	return settings, sc, nil
}

// inputName names the pipeline's input in a report's header: the
// scenario file or the documents.
func (f *buildFlags) inputName() string {
	if f.scenario != "" {
		return f.scenario
	}
	return f.docs
}
