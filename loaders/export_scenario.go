package loaders

import (
	"bytes"
	"encoding/json"
	"fmt"

	"gopkg.in/yaml.v3"

	"ctxlab/core"
)

// The structs below mirror the scenario file schema (scenarioKeys and
// friends) so an export reads back through LoadScenarioWithPresets
// unchanged. Field order is the order the sample files use.

type scenarioFile struct {
	Name         string             `yaml:"name,omitempty"`
	Description  string             `yaml:"description,omitempty"`
	Preset       string             `yaml:"preset,omitempty"`
	Model        string             `yaml:"model,omitempty"`
	Tokenizer    string             `yaml:"tokenizer"`
	Budget       core.ContextBudget `yaml:"budget"`
	SystemPrompt string             `yaml:"system_prompt,omitempty"`
	Tools        []any              `yaml:"tools,omitempty"`
	History      []core.Message     `yaml:"history,omitempty"`
	ToolResults  []toolResultFile   `yaml:"tool_results,omitempty"`
	Query        string             `yaml:"query,omitempty"`
	Documents    []documentFile     `yaml:"documents,omitempty"`
	Pipeline     pipelineFile       `yaml:"pipeline"`
	Memory       memoryFile         `yaml:"memory"`
	Rerank       *rerankFile        `yaml:"rerank,omitempty"`
	Mode         string             `yaml:"mode,omitempty"`
	Agent        *agentFile         `yaml:"agent,omitempty"`
	Recorded     *recordedFile      `yaml:"recorded_usage,omitempty"`
}

type recordedFile struct {
	InputTokens  int    `yaml:"input_tokens"`
	OutputTokens int    `yaml:"output_tokens,omitempty"`
	Field        string `yaml:"field,omitempty"`
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

type pipelineFile struct {
	Builder           string  `yaml:"builder"`
	DedupThreshold    float64 `yaml:"dedup_threshold"`
	MinDocTokens      int     `yaml:"min_doc_tokens"`
	LostInMiddle      bool    `yaml:"lost_in_middle"`
	ShingleSize       int     `yaml:"shingle_size"`
	BudgetMode        string  `yaml:"budget_mode"`
	SummarizeOverflow bool    `yaml:"summarize_overflow"`
	PartialMin        int     `yaml:"partial_min"`
}

type memoryFile struct {
	Strategy       string   `yaml:"strategy"`
	Patterns       []string `yaml:"patterns,omitempty"`
	SummarizeEvery int      `yaml:"summarize_every,omitempty"`
	KeepRecent     int      `yaml:"keep_recent,omitempty"`
	ReferenceOrder bool     `yaml:"reference_order,omitempty"`
	// MaxTurns is written only when it is not the reference's 10, so a
	// 0 (the whole history) survives the round trip.
	MaxTurns *int `yaml:"max_turns,omitempty"`
}

type rerankFile struct {
	InitialK int `yaml:"initial_k"`
	FinalK   int `yaml:"final_k"`
}

// MarshalScenario writes a scenario and the settings in force as a
// scenario file, self-contained (documents and history inline), that
// LoadScenarioWithPresets reads back to the same evaluation. The
// workbench's export uses it so a tuned setting can be kept, shared and
// reopened.
func MarshalScenario(sc *core.Scenario, s core.Settings) ([]byte, error) {
	f := scenarioFile{
		Name:         sc.Name,
		Description:  sc.Description,
		Preset:       s.Preset,
		Model:        s.Model,
		Tokenizer:    s.Pipeline.Tokenizer.Name(),
		Budget:       s.Budget,
		SystemPrompt: sc.SystemPrompt,
		History:      sc.History,
		Query:        s.Query,
		Pipeline: pipelineFile{
			Builder:           string(s.Builder),
			DedupThreshold:    s.Pipeline.DedupThreshold,
			MinDocTokens:      s.Pipeline.MinDocTokens,
			LostInMiddle:      s.Pipeline.LostInMiddle,
			ShingleSize:       s.Pipeline.ShingleSize,
			BudgetMode:        string(s.Pipeline.BudgetMode),
			SummarizeOverflow: s.Pipeline.SummarizeOverflow,
			PartialMin:        s.Pipeline.PartialMinRemaining,
		},
		Memory: memoryFile{
			Strategy:       string(s.Memory.Strategy),
			Patterns:       s.Memory.Patterns,
			SummarizeEvery: s.Memory.SummarizeEvery,
			KeepRecent:     s.Memory.KeepRecent,
			ReferenceOrder: s.Memory.ReferenceOrder,
		},
	}
	if s.Rerank {
		f.Rerank = &rerankFile{InitialK: s.InitialK, FinalK: s.FinalK}
	}
	if s.Mode != core.Budgeted {
		f.Mode = string(s.Mode)
	}
	if s.MaxTurns != core.DefaultMaxMemoryMessages {
		turns := s.MaxTurns
		f.Memory.MaxTurns = &turns
	}
	if r := sc.Recorded; r != nil {
		f.Recorded = &recordedFile{InputTokens: r.InputTokens, OutputTokens: r.OutputTokens, Field: r.Field}
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
			return nil, fmt.Errorf("tool %d is not valid JSON", i+1)
		}
		node, err := jsonAsYAML(raw)
		if err != nil {
			return nil, fmt.Errorf("tool %d: %w", i+1, err)
		}
		f.Tools = append(f.Tools, node)
	}
	for i, r := range sc.ToolResults {
		out := toolResultFile{Name: r.Name, Content: r.Content, ToolCallID: r.ToolCallID, Role: r.Role}
		if len(r.ToolCalls) > 0 {
			calls, err := jsonAsYAML(r.ToolCalls)
			if err != nil {
				return nil, fmt.Errorf("tool result %d tool_calls: %w", i+1, err)
			}
			out.ToolCalls = calls
		}
		f.ToolResults = append(f.ToolResults, out)
	}
	for _, d := range sc.Documents {
		f.Documents = append(f.Documents, documentFile{Content: d.Content, Score: d.Score, Source: d.Source, Metadata: d.Metadata})
	}
	var buf bytes.Buffer
	buf.WriteString("# Exported by ctxlab: the inputs and the settings in force. Open it with `ctxlab FILE`.\n")
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return buf.Bytes(), enc.Close()
}

// jsonAsYAML turns JSON into a YAML node. JSON is YAML: decoding into a
// node keeps the keys in their order, and the order changes the tokens
// the provider counts.
func jsonAsYAML(raw json.RawMessage) (*yaml.Node, error) {
	if !json.Valid(raw) {
		return nil, fmt.Errorf("not valid JSON")
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	blockStyle(doc.Content[0])
	return doc.Content[0], nil
}

// blockStyle drops the flow style a JSON source gives every node, so the
// tools read as ordinary YAML.
func blockStyle(n *yaml.Node) {
	n.Style &^= yaml.FlowStyle
	for _, c := range n.Content {
		blockStyle(c)
	}
}
