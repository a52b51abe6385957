package scenario

import (
	"errors"

	"go.yaml.in/yaml/v3"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/loaders"
)

// settingsKeys are the keys of a settings file: a scenario file's
// settings without its input, so two of them compare two ways of
// assembling one input (ctxlab diff --scenario S A.yaml B.yaml).
var settingsKeys = []string{
	"name", "description", "preset", "model", "tokenizer", "window", "budget",
	"query", "pipeline", "memory", "rerank", "mode", "layout", "content_only_total", "cut_overflowing_budget",
	"replace_split_chars", "python_slices",
}

// LoadSettingsFile reads a settings file and returns base with the keys
// the file gives applied, read and checked exactly as a scenario file's
// are: a key the file leaves out keeps base's value, and an empty file
// is base itself. Input keys (documents, history, ...) are refused by
// name.
func LoadSettingsFile(path string, base core.Settings, presets window.PresetSet) (core.Settings, error) {
	data, err := loaders.ReadInputFile(path)
	if err != nil {
		return base, loaders.InputError("loading settings", err)
	}
	root, err := loaders.ParseYAMLNode(path, data, "settings (preset, model, budget, pipeline, memory, ...)")
	if errors.Is(err, loaders.ErrEmpty) {
		// Empty, or comments only: the input's own settings, a natural
		// baseline to compare another file with.
		return base, nil
	}
	if err != nil {
		return base, err
	}
	fields, err := loaders.YAMLFields(path, root, "a settings file (input belongs in the scenario or --docs)", settingsKeys)
	if err != nil {
		return base, err
	}
	if presets == nil {
		presets = window.BuiltinPresets()
	}
	r := &scenarioReader{
		name: path, presets: presets, fields: fields,
		sc:          &core.Scenario{Origin: path, Settings: base},
		sections:    map[string]map[string]loaders.YAMLField{},
		optionNodes: map[string]*yaml.Node{},
		optionKeys:  map[string]string{},
	}
	for _, step := range []func() error{r.readModelGiven, r.readKnobs, r.validate} {
		if err := step(); err != nil {
			return base, err
		}
	}
	return r.sc.Settings, nil
}

// readModelGiven reads model and tokenizer when the file gives either; a
// tokenizer alone keeps base's model, which readModel would clear.
func (r *scenarioReader) readModelGiven() error {
	_, model := r.fields["model"]
	_, tokenizer := r.fields["tokenizer"]
	if !model && !tokenizer {
		return nil
	}
	kept := r.sc.Settings.Model
	if err := r.readModel(); err != nil {
		return err
	}
	if !model {
		r.sc.Settings.Model = kept
	}
	return nil
}
