package scenario

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/core/window"
	"ctxlab/loaders"
	"ctxlab/loaders/docs"
	"ctxlab/loaders/history"
	"ctxlab/loaders/request"
)

// scenarioKeys are the keys of a scenario file, in the order the sample
// files write them. Anything else is an error: a misspelt key would leave
// a default silently in force.
var scenarioKeys = []string{
	"name", "description", "preset", "model", "tokenizer", "window", "budget",
	"system_prompt", "tools", "history", "tool_results", "query", "documents",
	"pipeline", "memory", "rerank", "mode", "layout", "content_only_total", "cut_overflowing_budget", "replace_split_chars", "python_slices",
	"edits", "agent", "recorded_usage", "eval",
}

// toolResultKeys are a tool result's keys; role and tool_calls let an
// agent loop's assistant turns (an imported request, exported again)
// round-trip through a file. The settings' sections (budget, pipeline,
// memory, rerank) take the knob table's keys: sectionKeys.
var toolResultKeys = []string{"name", "content", "tool_call_id", "role", "tool_calls"}

// Options controls LoadFile.
type Options struct {
	// Presets are those a preset: key may name; nil means the built-ins.
	Presets window.PresetSet
	// AllowOutside lets the scenario's documents, history and eval paths
	// lead anywhere. Without it they must resolve (cleaned, symlinks
	// followed) inside the scenario's own folder, wherever ctxlab runs:
	// a scenario from someone else must not read ~/.ssh or /etc into a
	// context that is then shown, exported or sent to a model.
	AllowOutside bool
}

// LoadFile reads a scenario file from disk. Documents and history given
// as paths are resolved against the scenario file's directory and must
// stay inside it unless opts.AllowOutside. opts.Presets are those a
// `preset:` key may name; nil means the built-in ones. Pass the built-ins
// merged with a budget file (window.MergePresets) so a scenario can use a
// team's presets.
func LoadFile(path string, opts Options) (*core.Scenario, error) {
	data, err := loaders.ReadInputFile(path)
	if err != nil {
		return nil, loaders.InputError("loading scenario", err)
	}
	files := diskFiles{dir: filepath.Dir(path)}
	if !opts.AllowOutside {
		files.root = loaders.PathRoot(files.dir)
	}
	return parseScenario(path, data, files, opts.Presets)
}

// LoadFS reads a scenario file from fsys, such as sample.FS;
// relative paths inside it resolve within the scenario's folder in fsys.
func LoadFS(fsys fs.FS, name string) (*core.Scenario, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("loading scenario: %w", err)
	}
	return parseScenario(name, data, fsFiles{fsys: fsys, dir: path.Dir(name)}, nil)
}

// scenarioReader holds what parsing one scenario file needs.
type scenarioReader struct {
	name    string
	files   scenarioFiles
	presets window.PresetSet
	fields  map[string]loaders.YAMLField
	sc      *core.Scenario
	// sections are the settings' sections read so far, by name.
	sections map[string]map[string]loaders.YAMLField
	// optionNodes maps a core.OptionError's option name (a knob's flag)
	// to the node that set it, and optionKeys to the key it was set
	// with, so a settings error points at its line and names its key.
	optionNodes map[string]*yaml.Node
	optionKeys  map[string]string
	// jsonNodes counts the YAML nodes written as tool JSON, for the
	// alias-expansion limit.
	jsonNodes int
}

// parseScenario builds a scenario from a scenario file's bytes: settings
// start from core.DefaultSettings, and every knob the file sets is read
// in the knob table's order (the preset's budget, then the budget's
// keys, then window); model sets the model and, unless tokenizer is
// given, the tokenizer.
func parseScenario(name string, data []byte, files scenarioFiles, presets window.PresetSet) (sc *core.Scenario, err error) {
	defer func() {
		if r := recover(); r != nil {
			sc, err = nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("scenario could not be read (internal error: %v)", r)}
		}
	}()
	root, err := loaders.ParseYAMLNode(name, data, "a scenario (name, preset, system_prompt, query, documents, ...)")
	if err != nil {
		return nil, err
	}
	fields, err := loaders.YAMLFields(name, root, "the scenario", scenarioKeys)
	if err != nil {
		return nil, err
	}
	if presets == nil {
		presets = window.BuiltinPresets()
	}
	r := &scenarioReader{
		name: name, files: files, presets: presets, fields: fields,
		sc:          &core.Scenario{Origin: name, Settings: core.DefaultSettings()},
		sections:    map[string]map[string]loaders.YAMLField{},
		optionNodes: map[string]*yaml.Node{},
		optionKeys:  map[string]string{},
	}
	steps := []func() error{
		r.readText, r.readModel, r.readTools, r.readHistory, r.readToolResults,
		r.readDocuments, r.readKnobs, r.readAgent, r.readRecordedUsage, r.readEval, r.validate,
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return r.sc, nil
}

// text returns a text field, "" when absent.
func (r *scenarioReader) text(key string) (string, error) {
	f, ok := r.fields[key]
	if !ok {
		return "", nil
	}
	return loaders.YAMLText(r.name, f.Value, key)
}

func (r *scenarioReader) readText() error {
	var err error
	get := func(key string, dst *string) {
		if err == nil {
			*dst, err = r.text(key)
		}
	}
	get("name", &r.sc.Name)
	get("description", &r.sc.Description)
	get("system_prompt", &r.sc.SystemPrompt)
	if err == nil && r.sc.Name == "" {
		base := path.Base(filepath.ToSlash(r.name))
		r.sc.Name = strings.TrimSuffix(base, path.Ext(base))
	}
	return err
}

// readModel sets the model and the tokenizer: `tokenizer` wins; else the
// model's encoding. A model without a known encoding is an error here,
// unlike in an imported request, because a scenario is written by hand and
// a misspelt model should not silently change every count.
func (r *scenarioReader) readModel() error {
	s := &r.sc.Settings
	model, err := r.text("model")
	if err != nil {
		return err
	}
	s.Model = strings.TrimSpace(model)
	if f, ok := r.fields["tokenizer"]; ok {
		tokName, err := loaders.YAMLText(r.name, f.Value, "tokenizer")
		if err != nil {
			return err
		}
		tok, err := tokens.ByName(tokName)
		if err != nil {
			return loaders.YAMLErr(r.name, f.Value, "tokenizer: %v", err)
		}
		s.Pipeline.Tokenizer = tok
		r.optionNodes["tokenizer"] = f.Value
		return nil
	}
	if s.Model == "" {
		return nil
	}
	// A model ctxlab does not know is counted with a stand-in tokenizer
	// and noted as an estimate, as an imported request's is.
	resolved, err := core.ResolveModel(s.Model, "", false)
	if err != nil {
		return loaders.YAMLErr(r.name, r.fields["model"].Value, "model: %v", err)
	}
	s.Pipeline.Tokenizer = resolved.Tokenizer
	if resolved.Note != "" {
		r.sc.Notes = append(r.sc.Notes, resolved.Note)
	}
	return nil
}

// readTools reads an inline list of tool objects, each kept as the
// compact JSON the provider would receive.
func (r *scenarioReader) readTools() error {
	f, ok := r.fields["tools"]
	if !ok {
		return nil
	}
	items, err := loaders.YAMLList(r.name, f.Value, "tools", "a list of tool definitions ({type: function, function: {...}})")
	if err != nil {
		return err
	}
	for i, item := range items {
		if item.Kind != yaml.MappingNode {
			return loaders.YAMLErr(r.name, item, "tools item %d is %s; expected a tool definition mapping", i+1, loaders.DescribeNode(item))
		}
		raw, err := loaders.YAMLToJSON(r.name, item, &r.jsonNodes)
		if err != nil {
			return err
		}
		var tool map[string]any
		if json.Unmarshal(raw, &tool) == nil {
			if problem := request.ToolNameProblem(tool); problem != "" {
				return loaders.YAMLErr(r.name, item, "tools item %d: %s", i+1, problem)
			}
		}
		r.sc.Tools = append(r.sc.Tools, raw)
	}
	return nil
}

// readHistory reads history as a path to any file the history loader
// reads, or as an inline list of {role, content}.
func (r *scenarioReader) readHistory() error {
	f, ok := r.fields["history"]
	if !ok || loaders.IsNull(f.Value) {
		return nil
	}
	if f.Value.Kind == yaml.ScalarNode {
		resolved, err := r.filePath(f, "history")
		if err != nil {
			return err
		}
		msgs, err := r.files.history(resolved)
		if err != nil {
			return r.fileError(f, "history", resolved, err)
		}
		r.sc.History = msgs
		return nil
	}
	items, err := loaders.YAMLList(r.name, f.Value, "history", "a path or a list of {role, content} messages")
	if err != nil {
		return err
	}
	list, at, err := r.inlineList(items)
	if err != nil {
		return err
	}
	r.sc.History, err = history.MessageList(r.name, list, at)
	return err
}

func (r *scenarioReader) readToolResults() error {
	f, ok := r.fields["tool_results"]
	if !ok {
		return nil
	}
	items, err := loaders.YAMLList(r.name, f.Value, "tool_results", "a list of {name, content}")
	if err != nil {
		return err
	}
	for i, item := range items {
		what := fmt.Sprintf("tool_results item %d", i+1)
		fields, err := loaders.YAMLFields(r.name, item, what, toolResultKeys)
		if err != nil {
			return err
		}
		content, ok := fields["content"]
		if !ok {
			return loaders.YAMLErr(r.name, item, "%s has no content; expected {name, content}", what)
		}
		var result window.ToolResult
		if result.Content, err = loaders.YAMLText(r.name, content.Value, what+" content"); err != nil {
			return err
		}
		for _, text := range []struct {
			key string
			to  *string
		}{{"name", &result.Name}, {"tool_call_id", &result.ToolCallID}, {"role", &result.Role}} {
			if f, ok := fields[text.key]; ok {
				if *text.to, err = loaders.YAMLText(r.name, f.Value, what+" "+text.key); err != nil {
					return err
				}
			}
		}
		if f, ok := fields["tool_calls"]; ok && !loaders.IsNull(f.Value) {
			if loaders.ResolveAlias(f.Value).Kind != yaml.SequenceNode {
				return loaders.YAMLErr(r.name, f.Value, "%s tool_calls is %s; expected a list of tool calls", what, loaders.DescribeNode(f.Value))
			}
			if result.ToolCalls, err = loaders.YAMLToJSON(r.name, f.Value, &r.jsonNodes); err != nil {
				return err
			}
		}
		r.sc.ToolResults = append(r.sc.ToolResults, result)
	}
	return nil
}

// readDocuments reads documents as a path (any format docs.Load
// detects, or a directory on disk) or as an inline list of records.
func (r *scenarioReader) readDocuments() error {
	f, ok := r.fields["documents"]
	if !ok || loaders.IsNull(f.Value) {
		return nil
	}
	if f.Value.Kind == yaml.ScalarNode {
		resolved, err := r.filePath(f, "documents")
		if err != nil {
			return err
		}
		docs, err := r.files.documents(resolved)
		if err != nil {
			return r.fileError(f, "documents", resolved, err)
		}
		r.sc.Documents = docs
		return nil
	}
	items, err := loaders.YAMLList(r.name, f.Value, "documents", "a path or a list of {content, score, source, metadata}")
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return nil
	}
	list, _, err := r.inlineList(items)
	if err != nil {
		return err
	}
	lines := make([]int, len(items))
	for i, item := range items {
		lines[i] = item.Line
	}
	r.sc.Documents, _, err = docs.Extract(r.name, loaders.Tree{Value: list, Syntax: loaders.SyntaxYAML, Lines: lines}, docs.FormatAuto)
	return err
}

// inlineList decodes list items into generic values, with a place per item
// that names its line in the scenario file.
func (r *scenarioReader) inlineList(items []*yaml.Node) ([]any, func(int) loaders.Place, error) {
	list := make([]any, len(items))
	for i, item := range items {
		v, err := loaders.YAMLValue(r.name, item)
		if err != nil {
			return nil, nil, err
		}
		list[i] = v
	}
	at := func(i int) loaders.Place { return loaders.Place{Line: items[i].Line} }
	return list, at, nil
}

// filePath resolves a documents or history path against the scenario.
func (r *scenarioReader) filePath(f loaders.YAMLField, key string) (string, error) {
	rel, err := loaders.YAMLText(r.name, f.Value, key)
	if err != nil {
		return "", err
	}
	if !isPathValue(rel) {
		return "", loaders.YAMLErr(r.name, f.Value, "%s is text with line breaks; expected a path or a list", key)
	}
	resolved, err := r.files.resolve(rel)
	if errors.Is(err, errOutside) {
		if _, embedded := r.files.(fsFiles); embedded {
			return "", loaders.YAMLErr(r.name, f.Value, "%s path %s leads outside the scenario's folder; expected a path inside it", key, loaders.Quoted(rel))
		}
		return "", loaders.YAMLErr(r.name, f.Value, "%s path %s leads outside the scenario's folder; --allow-outside allows it", key, loaders.Quoted(rel))
	}
	if err != nil {
		return "", loaders.YAMLErr(r.name, f.Value, "%s path %s leaves the embedded file system; expected a path relative to the scenario", key, loaders.Quoted(rel))
	}
	return resolved, nil
}

// fileError reports a documents or history file that could not be loaded,
// naming the scenario, the line, the path as written and as resolved.
func (r *scenarioReader) fileError(f loaders.YAMLField, key, resolved string, err error) error {
	rel := f.Value.Value
	if errors.Is(err, fs.ErrNotExist) {
		return loaders.YAMLErr(r.name, f.Value, "%s file %s not found (looked for %s)", key, loaders.Quoted(rel), resolved)
	}
	e := loaders.YAMLErr(r.name, f.Value, "%s %s", key, loaders.Quoted(rel))
	e.Err = err
	return e
}

// validate runs core's checks on the finished settings and points the
// error at the key most likely to fix it.
func (r *scenarioReader) validate() error {
	s := r.sc.Settings
	// Allocations or a reserve the window cannot hold are an overflow
	// the evaluation reports, not a file that cannot be opened.
	if err := s.Budget.ValidateWindow(); err != nil {
		return loaders.YAMLErr(r.name, r.budgetNode(), "budget: %v", err)
	}
	if err := s.Validate(); err != nil {
		var optErr *core.OptionError
		if errors.As(err, &optErr) {
			if n, ok := r.optionNodes[optErr.Option]; ok {
				if key, named := r.optionKeys[optErr.Option]; named && optErr.Knob != nil {
					return loaders.YAMLErr(r.name, n, "%s", optErr.Knob.Named(key))
				}
				return loaders.YAMLErr(r.name, n, "%v", err)
			}
		}
		return &loaders.Error{Name: r.name, Msg: err.Error()}
	}
	return nil
}

// budgetNode is the key that decided the budget last: window, budget or
// preset, or nil when none was given.
func (r *scenarioReader) budgetNode() *yaml.Node {
	for _, key := range []string{"window", "budget", "preset"} {
		if f, ok := r.fields[key]; ok {
			return f.Key
		}
	}
	return nil
}
