package scenario

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

// budgetKeys are window.ContextBudget's YAML keys, in its field order.
var budgetKeys = []string{
	"total_window", "system_prompt", "tool_definitions", "conversation_history",
	"retrieved_context", "tool_results", "user_query", "response_reserve",
}

// presetEntryKeys are the keys of one preset in a budget file: the budget's
// own and extends.
var presetEntryKeys = append([]string{"extends"}, budgetKeys...)

// LoadBudgetFile reads a team's presets from a YAML budget file. Two
// forms, which may be mixed:
//
//	presets:                  # whole budgets under "presets"
//	  long_chat:
//	    total_window: 200000
//	    system_prompt: 1000
//	    ...
//	support_chat:             # a base plus overrides, at the top level
//	  extends: support_chat   # a built-in, or another preset of the file
//	  retrieved_context: 6000
//
// A preset without extends starts from zeros and must give total_window.
// Every preset is validated (window.ContextBudget.Validate), and an error
// names the file, the line and the preset. The result holds only the
// file's presets; merge it over window.BuiltinPresets with window.MergePresets.
func LoadBudgetFile(path string) (window.PresetSet, error) {
	data, err := loaders.ReadInputFile(path)
	if err != nil {
		return nil, loaders.InputError("loading budget file", err)
	}
	return ParseBudgetFile(path, data)
}

// LoadBudgetFilePresets is LoadBudgetFile with the presets held
// compactly (FilePresets), for a caller that lists or counts them.
func LoadBudgetFilePresets(path string) (*FilePresets, error) {
	set, err := LoadBudgetFile(path)
	if err != nil {
		return nil, err
	}
	return filePresetsOf(set), nil
}

// ParseBudgetFile is LoadBudgetFile on bytes; name appears in errors.
func ParseBudgetFile(name string, data []byte) (set window.PresetSet, err error) {
	defer func() {
		if r := recover(); r != nil {
			set, err = nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("budget file could not be read (internal error: %v)", r)}
		}
	}()
	root, err := loaders.ParseYAMLNode(name, data, "presets: {NAME: {total_window, system_prompt, ...}}")
	if err != nil {
		return nil, err
	}
	pairs, err := loaders.YAMLPairs(name, root, "the budget file")
	if err != nil {
		return nil, err
	}
	var entries []presetEntry
	// Where each name was first defined, for the duplicate check: a scan
	// of the entries so far made a file of 500,000 presets take hours.
	defined := map[string]int{}
	for _, p := range pairs {
		if p.Key.Value == "presets" {
			nested, err := loaders.YAMLPairs(name, p.Value, "presets")
			if err != nil {
				return nil, err
			}
			for _, np := range nested {
				if err := appendPresetEntry(name, &entries, defined, np); err != nil {
					return nil, err
				}
			}
			continue
		}
		if err := appendPresetEntry(name, &entries, defined, p); err != nil {
			return nil, err
		}
	}
	if len(entries) == 0 {
		return nil, &loaders.Error{Name: name, Msg: "defines no presets; expected presets: {NAME: {total_window, ...}} or NAME: {extends: PRESET, ...}"}
	}
	return resolvePresets(name, entries)
}

// presetEntry is one preset as written: a base to extend, if any, and the
// keys it sets.
type presetEntry struct {
	name      string
	keyNode   *yaml.Node
	extends   string
	extendsAt *yaml.Node
	budget    budgetOverrides
}

func appendPresetEntry(name string, entries *[]presetEntry, defined map[string]int, p loaders.YAMLField) error {
	presetName := p.Key.Value
	if strings.TrimSpace(presetName) == "" {
		return loaders.YAMLErr(name, p.Key, "a preset has an empty name")
	}
	if first, ok := defined[presetName]; ok {
		return loaders.YAMLErr(name, p.Key, "preset %s is defined twice (first on line %d)", loaders.Quoted(presetName), (*entries)[first].keyNode.Line)
	}
	defined[presetName] = len(*entries)
	what := "preset " + loaders.Quoted(presetName)
	b, err := readBudgetOverrides(name, p.Value, what, presetEntryKeys)
	if err != nil {
		return err
	}
	entry := presetEntry{name: presetName, keyNode: p.Key, budget: b}
	if f, ok := b.fields["extends"]; ok {
		if entry.extends, err = loaders.YAMLText(name, f.Value, what+" extends"); err != nil {
			return err
		}
		entry.extends = strings.TrimSpace(entry.extends)
		entry.extendsAt = f.Value
	}
	*entries = append(*entries, entry)
	return nil
}

// resolvePresets applies each entry's overrides to its base and validates
// the result. A preset that extends its own name extends the built-in of
// that name, which is how a team redefines support_chat.
func resolvePresets(name string, entries []presetEntry) (window.PresetSet, error) {
	byName := make(map[string]*presetEntry, len(entries))
	for i := range entries {
		byName[entries[i].name] = &entries[i]
	}
	resolved := window.PresetSet{}
	// inChain holds the names on chain, the presets being resolved: a
	// scan of the chain at each step made a long one quadratic.
	inChain := map[string]bool{}
	var resolve func(e *presetEntry, chain []string) (window.ContextBudget, error)
	resolve = func(e *presetEntry, chain []string) (window.ContextBudget, error) {
		if b, ok := resolved[e.name]; ok {
			return b, nil
		}
		if inChain[e.name] {
			return window.ContextBudget{}, loaders.YAMLErr(name, e.extendsAt, "preset %s: extends forms a cycle: %s", loaders.Quoted(e.name), strings.Join(append(chain, e.name), " → "))
		}
		var base window.ContextBudget
		switch parent, inFile := byName[e.extends]; {
		case e.extends == "":
			if _, ok := e.budget.fields["total_window"]; !ok {
				return window.ContextBudget{}, loaders.YAMLErr(name, e.keyNode, "preset %s has no total_window; give the whole budget or extends: a preset (%s)", loaders.Quoted(e.name), strings.Join(window.PresetNames, ", "))
			}
		case inFile && e.extends != e.name:
			inChain[e.name] = true
			b, err := resolve(parent, append(chain, e.name))
			delete(inChain, e.name)
			if err != nil {
				return window.ContextBudget{}, err
			}
			base = b
		default:
			b, err := window.Preset(e.extends)
			if err != nil && e.extends == e.name {
				// Extending one's own name reaches for the built-in of
				// that name, and there is none.
				return window.ContextBudget{}, loaders.YAMLErr(name, e.extendsAt, "preset %s extends itself, and no built-in preset has that name; expected a built-in (%s) or another preset of this file",
					loaders.Quoted(e.name), strings.Join(window.PresetNames, ", "))
			}
			if err != nil {
				return window.ContextBudget{}, loaders.YAMLErr(name, e.extendsAt, "preset %s extends %s, which is neither built in nor defined in this file (built-in: %s)",
					loaders.Quoted(e.name), loaders.Quoted(e.extends), strings.Join(window.PresetNames, ", "))
			}
			base = b
		}
		budget := e.budget.overrides.Apply(base)
		if err := budget.Validate(); err != nil {
			return window.ContextBudget{}, loaders.YAMLErr(name, e.keyNode, "preset %s: %v", loaders.Quoted(e.name), err)
		}
		resolved[e.name] = budget
		return budget, nil
	}
	for i := range entries {
		if _, err := resolve(&entries[i], nil); err != nil {
			return nil, err
		}
	}
	return resolved, nil
}

// budgetOverrides are the budget keys a mapping sets, with their nodes.
type budgetOverrides struct {
	overrides window.BudgetOverrides
	fields    map[string]loaders.YAMLField
}

// readBudgetOverrides reads budget keys from a mapping (a scenario's
// budget, or a preset of a budget file). A negative value is reported on
// its own line here; core's Validate would report it without one.
func readBudgetOverrides(name string, n *yaml.Node, what string, allowed []string) (budgetOverrides, error) {
	fields, err := loaders.YAMLFields(name, n, what, allowed)
	if err != nil {
		return budgetOverrides{}, err
	}
	out := budgetOverrides{fields: fields}
	targets := map[string]**int{
		"total_window":         &out.overrides.TotalWindow,
		"system_prompt":        &out.overrides.SystemPrompt,
		"tool_definitions":     &out.overrides.ToolDefinitions,
		"conversation_history": &out.overrides.ConversationHistory,
		"retrieved_context":    &out.overrides.RetrievedContext,
		"tool_results":         &out.overrides.ToolResults,
		"user_query":           &out.overrides.UserQuery,
		"response_reserve":     &out.overrides.ResponseReserve,
	}
	for _, key := range budgetKeys {
		f, ok := fields[key]
		if !ok {
			continue
		}
		v, err := loaders.YAMLInt(name, f.Value, what+" "+key)
		if err != nil {
			return budgetOverrides{}, err
		}
		if v < 0 {
			return budgetOverrides{}, loaders.YAMLErr(name, f.Value, "%s %s is negative (%s); expected 0 or more tokens", what, key, numfmt.Thousands(v))
		}
		*targets[key] = &v
	}
	return out, nil
}
