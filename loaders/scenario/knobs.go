package scenario

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"ctxlab/core"
	"ctxlab/loaders"
)

// knobReadElsewhere are the knobs whose scenario keys interact with other
// keys, so their own readers take them: model and tokenizer (readModel:
// tokenizer wins, a model brings no window in a file) and the agent step
// (readAgent: it must name one of the file's steps).
func knobReadElsewhere(k *core.Knob) bool {
	switch k.ID {
	case core.KnobIDModel, core.KnobIDTokenizer, core.KnobIDAgentStep:
		return true
	}
	return false
}

// sectionKeys are the keys under a section of the scenario file (budget,
// pipeline, memory, rerank), in the knob table's order.
func sectionKeys(section string) []string {
	var keys []string
	for _, k := range core.Knobs() {
		if sub, ok := strings.CutPrefix(k.Key, section+"."); ok {
			keys = append(keys, sub)
		}
	}
	return keys
}

// knobNode finds the node a key path gives, if the file gives it. A
// section is checked for unknown keys the first time it is read.
func (r *scenarioReader) knobNode(key string) (*yaml.Node, bool, error) {
	section, sub, nested := strings.Cut(key, ".")
	f, ok := r.fields[section]
	if !ok {
		return nil, false, nil
	}
	if !nested {
		return f.Value, true, nil
	}
	if loaders.IsNull(f.Value) {
		return nil, false, nil
	}
	fields, ok := r.sections[section]
	if !ok {
		var err error
		if fields, err = loaders.YAMLFields(r.name, f.Value, section, sectionKeys(section)); err != nil {
			return nil, false, err
		}
		r.sections[section] = fields
	}
	sf, ok := fields[sub]
	return sf.Value, ok, nil
}

// readKnobs reads every knob the file sets, in the table's order (a
// preset before the allocations that override it), each checked by the
// table so the message is the one the CLI and the workbench give.
func (r *scenarioReader) readKnobs() error {
	ctx := core.KnobContext{Presets: r.presets}
	for _, k := range core.Knobs() {
		if knobReadElsewhere(k) {
			continue
		}
		if k.ID == core.KnobIDRerank {
			// The section alone turns reranking on; enabled: false
			// keeps its ks and leaves it off.
			if f, ok := r.fields[core.KnobSectionRerank]; ok {
				r.sc.Settings.Rerank = true
				r.optionNodes[k.Flag] = f.Value
			}
		}
		for _, key := range append([]string{k.Key}, k.AltKeys...) {
			n, ok, err := r.knobNode(key)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			if err := r.readKnob(k, key, n, ctx); err != nil {
				return err
			}
			r.optionNodes[k.Flag] = n
			r.optionKeys[k.Flag] = key
		}
	}
	return nil
}

// readKnob reads one knob's value from n, checks and sets it.
func (r *scenarioReader) readKnob(k *core.Knob, key string, n *yaml.Node, ctx core.KnobContext) error {
	var v core.KnobValue
	var items []*yaml.Node
	var err error
	switch {
	case k.Kind == core.KnobInt:
		v.Int, err = loaders.YAMLInt(r.name, n, key)
	case k.Kind == core.KnobFloat:
		v.Float, err = loaders.YAMLFloat(r.name, n, key)
	case k.Kind == core.KnobBool:
		v.Bool, err = loaders.YAMLBool(r.name, n, key)
	case k.Kind == core.KnobList:
		expect := "a list of regular expressions"
		if k.Expect != "" {
			expect = "a list of " + k.Expect
		}
		if items, err = loaders.YAMLList(r.name, n, key, expect); err != nil {
			return err
		}
		v.List = make([]string, len(items))
		for i, item := range items {
			if v.List[i], err = loaders.YAMLText(r.name, item, fmt.Sprintf("%s[%d]", key, i+1)); err != nil {
				return err
			}
		}
	default:
		v.Text, err = loaders.YAMLText(r.name, n, key)
	}
	if err != nil {
		return err
	}
	if kerr := k.Check(v); kerr != nil {
		at, name := n, key
		if kerr.Item > 0 {
			at, name = items[kerr.Item-1], fmt.Sprintf("%s[%d]", key, kerr.Item)
		}
		return loaders.YAMLErr(r.name, at, "%s", kerr.Named(name))
	}
	if err := k.Set(&r.sc.Settings, v, ctx); err != nil {
		return loaders.YAMLErr(r.name, n, "%s: %v", key, err)
	}
	return nil
}

// knobEntries are the settings a scenario file writes, as top-level keys
// and sections, from the knob table: every knob but an empty text, choice
// or list (empty means the default) and the agent step, which the agent
// section writes.
func knobEntries(s core.Settings) (map[string]*yaml.Node, error) {
	entries := map[string]*yaml.Node{}
	for _, k := range core.Knobs() {
		if k.ID == core.KnobIDAgentStep {
			continue
		}
		v := k.Get(s)
		section, sub, nested := strings.Cut(k.Key, ".")
		var value any
		switch k.Kind {
		case core.KnobInt:
			value = v.Int
		case core.KnobFloat:
			value = v.Float
		case core.KnobBool:
			value = v.Bool
		case core.KnobList:
			if len(v.List) == 0 {
				continue
			}
			value = v.List
		default:
			if v.Text == "" {
				continue
			}
			value = v.Text
		}
		node := &yaml.Node{}
		if err := node.Encode(value); err != nil {
			return nil, fmt.Errorf("%s: %w", k.Key, err)
		}
		if !nested {
			entries[section] = node
			continue
		}
		parent, ok := entries[section]
		if !ok {
			parent = &yaml.Node{Kind: yaml.MappingNode}
			entries[section] = parent
		}
		parent.Content = append(parent.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: sub}, node)
	}
	return entries, nil
}
