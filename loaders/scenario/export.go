package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"

	"go.yaml.in/yaml/v3"

	"ctxlab/core"
	"ctxlab/core/value"
)

// The structs below mirror the scenario file's inputs so an export reads
// back through LoadFile unchanged; the settings are written from the
// knob table (knobEntries), and every key goes in scenarioKeys' order,
// the order the sample files use.

type scenarioFile struct {
	Name         string           `yaml:"name,omitempty"`
	Description  string           `yaml:"description,omitempty"`
	SystemPrompt string           `yaml:"system_prompt,omitempty"`
	Tools        []any            `yaml:"tools,omitempty"`
	History      []value.Message  `yaml:"history,omitempty"`
	ToolResults  []toolResultFile `yaml:"tool_results,omitempty"`
	Documents    []documentFile   `yaml:"documents,omitempty"`
	Agent        *agentFile       `yaml:"agent,omitempty"`
	Recorded     *recordedFile    `yaml:"recorded_usage,omitempty"`
	Eval         *evalFile        `yaml:"eval,omitempty"`
}

type recordedFile struct {
	InputTokens      int    `yaml:"input_tokens"`
	CachedTokens     int    `yaml:"cached_tokens,omitempty"`
	CacheWriteTokens int    `yaml:"cache_write_tokens,omitempty"`
	OutputTokens     int    `yaml:"output_tokens,omitempty"`
	Convention       string `yaml:"convention,omitempty"`
	Field            string `yaml:"field,omitempty"`
}

type toolResultFile struct {
	Name       string `yaml:"name,omitempty"`
	Content    string `yaml:"content"`
	ToolCallID string `yaml:"tool_call_id,omitempty"`
	Role       string `yaml:"role,omitempty"`
	ToolCalls  any    `yaml:"tool_calls,omitempty"`
}

type agentFile struct {
	Summary string          `yaml:"summary,omitempty"`
	Step    string          `yaml:"step,omitempty"`
	Steps   []agentStepFile `yaml:"steps"`
}

type agentStepFile struct {
	Name     string   `yaml:"name"`
	Requires []string `yaml:"requires,omitempty"`
	// Output is a pointer so a step that ran with an empty output keeps
	// its key, and one that has not run has none.
	Output *string `yaml:"output,omitempty"`
}

type documentFile struct {
	Content  string         `yaml:"content"`
	Score    float64        `yaml:"score"`
	Source   string         `yaml:"source"`
	Metadata map[string]any `yaml:"metadata,omitempty"`
}

// Marshal writes a scenario and the settings in force as a
// scenario file, self-contained (documents and history inline), that
// LoadFile reads back to the same evaluation. The
// workbench's export uses it so a tuned setting can be kept, shared and
// reopened.
func Marshal(sc *core.Scenario, s core.Settings) ([]byte, error) {
	var buf bytes.Buffer
	if err := Write(&buf, sc, s); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// scenarioInputs are the scenario's inputs as the file holds them.
func scenarioInputs(sc *core.Scenario, s core.Settings) (scenarioFile, error) {
	f := scenarioFile{
		Name:         sc.Name,
		Description:  sc.Description,
		SystemPrompt: sc.SystemPrompt,
		History:      sc.History,
	}
	if r := sc.Recorded; r != nil {
		f.Recorded = &recordedFile{InputTokens: r.InputTokens, CachedTokens: r.CachedTokens, CacheWriteTokens: r.CacheWriteTokens,
			OutputTokens: r.OutputTokens, Convention: string(r.Convention), Field: r.Field}
	}
	if e := sc.EvalRun; e.Run != "" {
		f.Eval = &evalFile{Run: e.Run, Corpus: e.Corpus, Queries: e.Queries, Qrels: e.Qrels}
	}
	if sc.Agent != nil {
		f.Agent = &agentFile{Summary: sc.Agent.Summary, Step: s.Step}
		for _, st := range sc.Agent.Steps {
			step := agentStepFile{Name: st.Name, Requires: st.Requires}
			if st.Recorded {
				step.Output = &st.Output
			}
			f.Agent.Steps = append(f.Agent.Steps, step)
		}
	}
	for i, raw := range sc.Tools {
		if !json.Valid(raw) {
			return scenarioFile{}, fmt.Errorf("tool %d is not valid JSON", i+1)
		}
		node, err := jsonAsYAML(raw)
		if err != nil {
			return scenarioFile{}, fmt.Errorf("tool %d: %w", i+1, err)
		}
		f.Tools = append(f.Tools, node)
	}
	for i, r := range sc.ToolResults {
		out := toolResultFile{Name: r.Name, Content: r.Content, ToolCallID: r.ToolCallID, Role: r.Role}
		if len(r.ToolCalls) > 0 {
			calls, err := jsonAsYAML(r.ToolCalls)
			if err != nil {
				return scenarioFile{}, fmt.Errorf("tool result %d tool_calls: %w", i+1, err)
			}
			out.ToolCalls = calls
		}
		f.ToolResults = append(f.ToolResults, out)
	}
	for _, d := range sc.Documents {
		f.Documents = append(f.Documents, documentFile{Content: d.Content, Score: d.Score, Source: d.Source, Metadata: d.Metadata})
	}
	return f, nil
}

// scenarioDocument is the file's one mapping: the inputs of f and the
// settings of the knob table, in scenarioKeys' order.
func scenarioDocument(f scenarioFile, s core.Settings) (*yaml.Node, error) {
	var inputs yaml.Node
	if err := inputs.Encode(f); err != nil {
		return nil, err
	}
	values, err := knobEntries(s)
	if err != nil {
		return nil, err
	}
	for i := 0; i+1 < len(inputs.Content); i += 2 {
		values[inputs.Content[i].Value] = inputs.Content[i+1]
	}
	doc := &yaml.Node{Kind: yaml.MappingNode}
	for _, key := range scenarioKeys {
		if v, ok := values[key]; ok {
			doc.Content = append(doc.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, v)
		}
	}
	return doc, nil
}

// jsonAsYAML turns JSON into a YAML node, built from encoding/json's
// tokens so the keys keep their order (the order changes the tokens the
// provider counts) and every string is the one encoding/json reads: a
// surrogate pair escaping an emoji, which YAML's \u escape cannot
// express, and a raw C1 control or DEL, which YAML refuses unescaped,
// are characters the encoder writes as YAML escapes. Strings are
// double-quoted, as the JSON wrote them.
func jsonAsYAML(raw json.RawMessage) (*yaml.Node, error) {
	if !json.Valid(raw) {
		return nil, fmt.Errorf("not valid JSON")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return jsonNode(dec)
}

// jsonNode reads the next JSON value of dec, valid JSON, as a node.
func jsonNode(dec *json.Decoder) (*yaml.Node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch v := tok.(type) {
	case json.Delim:
		n := &yaml.Node{Kind: yaml.SequenceNode}
		if v == '{' {
			n.Kind = yaml.MappingNode
		}
		for dec.More() {
			child, err := jsonNode(dec)
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, child)
		}
		_, err := dec.Token() // the closing delimiter
		return n, err
	case string:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Style: yaml.DoubleQuotedStyle, Value: v}, nil
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Value: "null"}, nil
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Value: fmt.Sprint(tok)}, nil // a json.Number or a boolean
}
