package loaders

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"gopkg.in/yaml.v3"

	"ctxlab/core/window"
)

// streamBudgetFile reads a budget file from r a run of entries at a time
// (budgetRuns) and keeps, per preset, its name and its resolved budget:
// the set ParseBudgetFile makes of the same bytes. It vouches only for
// a file that loads: ok is false for any error, any shape the cut
// declines, and anything yaml.v3 might read otherwise in a run than in
// the whole file (anchors, aliases, tags, flow collections), and the
// whole-file reader then gives the error it always gave, with its line.
// The presets go to into, which makes room for entries of them.
func streamBudgetFile(name string, r io.Reader, into presetSink) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	runs := newBudgetRuns(r)
	s := newPresetStream(into)
	for {
		run, more := runs.next()
		if !more {
			break
		}
		if !s.readRun(name, run) {
			return false
		}
	}
	if runs.declined || s.count == 0 {
		return false
	}
	return s.finish()
}

// presetSink holds resolved presets: FilePresets, or a window.PresetSet
// for a caller that wants one (presetMap).
type presetSink interface {
	Get(name string) (window.ContextBudget, bool)
	add(name string, b window.ContextBudget)
}

// presetMap is a window.PresetSet as a presetSink.
type presetMap window.PresetSet

func (m presetMap) Get(name string) (window.ContextBudget, bool) {
	b, ok := m[name]
	return b, ok
}

func (m presetMap) add(name string, b window.ContextBudget) { m[name] = b }

// readRun parses one run and takes its presets: a block mapping of as
// many pairs as the run begins entries, holding no anchor, alias, tag
// or flow collection.
func (s *presetStream) readRun(name string, run budgetRun) bool {
	dec := yaml.NewDecoder(bytes.NewReader(run.text))
	var doc yaml.Node
	if dec.Decode(&doc) != nil {
		return false
	}
	var extra yaml.Node
	if !errors.Is(dec.Decode(&extra), io.EOF) {
		return false
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || !plainBudgetTree(doc.Content[0], 0) {
		return false
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode || len(root.Content) != 2*run.entries {
		return false
	}
	for i := 0; i < len(root.Content); i += 2 {
		key := root.Content[i]
		if key.Kind != yaml.ScalarNode || key.Value == "<<" || (!run.nested && key.Value == "presets") {
			return false
		}
		if !s.take(name, yamlField{key: key, value: root.Content[i+1]}) {
			return false
		}
	}
	return true
}

// plainBudgetTree reports whether the tree under n is block style,
// without anchors, aliases or tags, and no deeper than a preset's keys
// need (a deeper value is an error the whole-file reader reports).
func plainBudgetTree(n *yaml.Node, depth int) bool {
	if depth > 3 || n.Kind == yaml.AliasNode || n.Anchor != "" || n.Style&(yaml.TaggedStyle|yaml.FlowStyle) != 0 {
		return false
	}
	for _, c := range n.Content {
		if !plainBudgetTree(c, depth+1) {
			return false
		}
	}
	return true
}

// presetStream resolves presets as they are read. A preset's base is
// the file's preset its extends names, or else the built-in of that
// name: one that extends a preset read before it, none, or its own name
// is resolved at once; one that extends a built-in's name the file has
// not defined so far is resolved over the built-in, and the name noted,
// so that a preset of that name read later declines the stream (its
// base was the file's); any other waits in deferred until the end.
type presetStream struct {
	resolved     presetSink
	deferred     map[string]*presetEntry
	order        []*presetEntry // deferred, in file order
	builtinBases map[string]bool
	count        int
	// scratch and defined are appendPresetEntry's, used again for each
	// preset.
	scratch []presetEntry
	defined map[string]int
}

func newPresetStream(into presetSink) *presetStream {
	return &presetStream{resolved: into, deferred: map[string]*presetEntry{}, builtinBases: map[string]bool{},
		defined: map[string]int{}}
}

// take reads one preset, as appendPresetEntry does, false for anything
// it would call an error.
func (s *presetStream) take(name string, p yamlField) bool {
	presetName := p.key.Value
	if strings.TrimSpace(presetName) == "" || s.builtinBases[presetName] {
		return false
	}
	if _, dup := s.resolved.Get(presetName); dup {
		return false
	}
	if _, dup := s.deferred[presetName]; dup {
		return false
	}
	entries := s.scratch[:0]
	clear(s.defined)
	err := appendPresetEntry(name, &entries, s.defined, p)
	s.scratch = entries
	if err != nil {
		return false
	}
	e := entries[0]
	_, givesWindow := e.budget.fields["total_window"]
	// The run's tree is not kept: a preset that waits keeps its name,
	// its base's name and its overrides.
	e.keyNode, e.extendsAt, e.budget.fields = nil, nil, nil
	s.count++
	var base window.ContextBudget
	switch parent, inFile := s.resolved.Get(e.extends); {
	case e.extends == "":
		if !givesWindow {
			return false
		}
	case inFile && e.extends != e.name:
		base = parent
	case e.extends == e.name:
		b, err := window.Preset(e.extends)
		if err != nil {
			return false
		}
		base = b
	default:
		if _, waiting := s.deferred[e.extends]; waiting {
			s.wait(&e)
			return true
		}
		b, err := window.Preset(e.extends)
		if err != nil {
			// Perhaps a preset of the file read later.
			s.wait(&e)
			return true
		}
		s.builtinBases[e.extends] = true
		base = b
	}
	return s.settle(&e, base)
}

// settle applies e's overrides to base and keeps the budget as e's, or
// reports false when it is not valid (the whole-file reader says why).
func (s *presetStream) settle(e *presetEntry, base window.ContextBudget) bool {
	budget := e.budget.overrides.Apply(base)
	if budget.Validate() != nil {
		return false
	}
	s.resolved.add(e.name, budget)
	return true
}

func (s *presetStream) wait(e *presetEntry) {
	s.deferred[e.name] = e
	s.order = append(s.order, e)
}

// finish resolves the presets that waited, with the file's presets all
// read: resolvePresets over them, the resolved ones standing in as the
// file's presets they extend.
func (s *presetStream) finish() bool {
	if len(s.order) == 0 {
		return true
	}
	entries := make([]presetEntry, 0, len(s.order))
	for _, e := range s.order {
		entries = append(entries, *e)
	}
	byName := make(map[string]*presetEntry, len(entries))
	for i := range entries {
		byName[entries[i].name] = &entries[i]
	}
	inChain := map[string]bool{}
	var resolve func(e *presetEntry) bool
	resolve = func(e *presetEntry) bool {
		if _, ok := s.resolved.Get(e.name); ok {
			return true
		}
		if inChain[e.name] {
			return false // a cycle
		}
		var base window.ContextBudget
		if parent, waiting := byName[e.extends]; waiting && e.extends != e.name {
			inChain[e.name] = true
			ok := resolve(parent)
			delete(inChain, e.name)
			if !ok {
				return false
			}
			base, _ = s.resolved.Get(e.extends)
		} else if b, inFile := s.resolved.Get(e.extends); inFile && e.extends != e.name {
			base = b
		} else {
			b, err := window.Preset(e.extends)
			if err != nil {
				return false
			}
			base = b
		}
		return s.settle(e, base)
	}
	for i := range entries {
		if !resolve(&entries[i]) {
			return false
		}
	}
	return true
}
