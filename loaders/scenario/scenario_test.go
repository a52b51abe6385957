package scenario

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"ctxlab/core"
	"ctxlab/core/memory"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/loaders"
	"ctxlab/loaders/internal/loadertest"
	"ctxlab/sample"
)

// sampleScenarios is what sample/README.md says each scenario holds.
var sampleScenarios = []struct {
	file                          string
	preset, tokenizer, model      string
	window                        int
	docs, history, tools, results int
	builder                       core.RAGBuilder
	memory                        memory.Strategy
	rerank                        bool
	mode                          window.Mode
}{
	{"support_chat.yaml", "support_chat", "o200k_base", "gpt-4o", 128_000, 60, 30, 6, 2, core.BuilderContextManager, memory.Priority, false, window.Budgeted},
	{"document_qa.yaml", "document_qa", "cl100k_base", "", 128_000, 27, 4, 0, 0, core.BuilderContextManager, memory.Sliding, true, window.Budgeted},
	{"code_review.yaml", "code_review", "o200k_base", "gpt-4.1", 128_000, 20, 12, 6, 2, core.BuilderContextManager, memory.Summary, false, window.Budgeted},
	{"agent_workflow.yaml", "agent_workflow", "o200k_base", "o4-mini", 128_000, 6, 4, 8, 5, core.BuilderSimpleRAG, memory.Sliding, false, window.Budgeted},
	{"overflow.yaml", "support_chat", "o200k_base", "gpt-4o", 16_000, 60, 80, 4, 2, core.BuilderContextManager, memory.Priority, false, window.MeasureOnly},
}

func TestSampleScenariosLoad(t *testing.T) {
	entries, err := fs.Glob(sample.FS, "*.yaml")
	if err != nil || len(entries) < len(sampleScenarios) {
		t.Fatalf("sample scenarios: %v (%d found)", err, len(entries))
	}
	for _, tt := range sampleScenarios {
		t.Run(tt.file, func(t *testing.T) {
			name := tt.file
			sc, err := LoadFS(sample.FS, name)
			if err != nil {
				t.Fatal(err)
			}
			s := sc.Settings
			if err := s.Validate(); err != nil {
				t.Errorf("Settings.Validate: %v", err)
			}
			if err := s.Budget.Validate(); err != nil {
				t.Errorf("Budget.Validate: %v", err)
			}
			if sc.Origin != name || sc.Name == "" || sc.Description == "" || sc.SystemPrompt == "" || s.Query == "" {
				t.Errorf("origin %q, name %q, description %q, system prompt %d bytes, query %q", sc.Origin, sc.Name, sc.Description, len(sc.SystemPrompt), s.Query)
			}
			got := []any{s.Preset, s.Pipeline.Tokenizer.Name(), s.Model, s.Budget.TotalWindow,
				len(sc.Documents), len(sc.History), len(sc.Tools), len(sc.ToolResults), s.Builder, s.Memory.Strategy, s.Rerank}
			want := []any{tt.preset, tt.tokenizer, tt.model, tt.window,
				tt.docs, tt.history, tt.tools, tt.results, tt.builder, tt.memory, tt.rerank}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got  %v\nwant %v", got, want)
			}
			if s.Mode != tt.mode {
				t.Errorf("mode %q, want %q", s.Mode, tt.mode)
			}
			// The whole engine must accept what the loader produced.
			ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}, s)
			if err != nil {
				t.Fatalf("Evaluate: %v", err)
			}
			if ev.Assembly == nil {
				t.Fatal("no assembly")
			}
		})
	}
}

// The overflow sample exists to overflow when measured as sent.
func TestOverflowSampleOverflowsMeasured(t *testing.T) {
	sc, err := LoadFS(sample.FS, "overflow.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := sc.Settings
	s.Mode = window.MeasureOnly
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}, s)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Overflow == nil {
		t.Errorf("measured overflow sample fits: %d of %d", ev.Assembly.Used, ev.Assembly.MaxInput)
	}
}

func TestSupportChatSettings(t *testing.T) {
	sc, err := LoadFS(sample.FS, sample.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	s := sc.Settings
	wantBudget := window.ContextBudget{TotalWindow: 128_000, SystemPrompt: 800, ToolDefinitions: 2000, ConversationHistory: 2000,
		RetrievedContext: 1550, ToolResults: 2000, UserQuery: 500, ResponseReserve: 2000}
	if s.Budget != wantBudget {
		t.Errorf("budget %+v, want %+v", s.Budget, wantBudget)
	}
	if !reflect.DeepEqual(s.Memory.Patterns, memory.DefaultPriorityPatterns) {
		t.Errorf("patterns %q", s.Memory.Patterns)
	}
	if s.Pipeline.DedupThreshold != 0.85 || s.Pipeline.BudgetMode != pipeline.BudgetReference || !s.Pipeline.LostInMiddle {
		t.Errorf("pipeline %+v", s.Pipeline)
	}
	if sc.ToolResults[0].Name != "get_tracking" || !strings.Contains(sc.ToolResults[0].Content, "ORD-48597") {
		t.Errorf("first tool result %+v", sc.ToolResults[0])
	}
	if !strings.HasPrefix(string(sc.Tools[0]), `{"type":"function","function":{"name":"lookup_order",`) {
		t.Errorf("tool JSON does not keep the file's key order: %s", sc.Tools[0])
	}
}

// Loading from disk resolves paths against the scenario's directory, not
// the working directory.
func TestLoadScenarioFromDisk(t *testing.T) {
	sc, err := LoadFile(filepath.Join("..", "..", "sample", "code_review.yaml"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Documents) != 20 || len(sc.History) != 12 {
		t.Errorf("%d documents, %d history messages", len(sc.Documents), len(sc.History))
	}
}

func TestScenarioOptions(t *testing.T) {
	const text = `
preset: document_qa
tokenizer: heuristic
model: claude-sonnet-4-5
window: 200000
budget: {retrieved_context: 12000, tool_definitions: 0}
query: what is owed?
system_prompt: be exact
tools:
  - {type: function, function: {name: f, description: "a < b & c"}}
history:
  - {role: user, content: hi}
  - {role: assistant, content: [{type: text, text: hello}]}
tool_results:
  - {name: f, content: "42", tool_call_id: call_1}
documents:
  - {content: one two three four five six, score: 0.5, source: a}
  - {text: seven eight nine ten eleven, source: b}
pipeline:
  builder: rag
  dedup_threshold: 0.7
  min_doc_tokens: 2
  lost_in_middle: false
  shingle_size: 3
  budget_mode: strict
  summarize_overflow: true
  partial_min: 10
memory:
  strategy: summary
  patterns: ['X-\d+']
  summarize_every: 4
  keep_recent: 2
  reference_order: true
rerank: {initial_k: 10}
`
	sc, err := LoadFS(fstest.MapFS{"s.yaml": {Data: []byte(text)}}, "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := sc.Settings
	wantBudget, _ := window.Preset(window.PresetDocumentQA)
	wantBudget.TotalWindow, wantBudget.RetrievedContext = 200_000, 12_000
	if s.Budget != wantBudget {
		t.Errorf("budget %+v, want %+v", s.Budget, wantBudget)
	}
	if sc.Name != "s" || s.Query != "what is owed?" || sc.SystemPrompt != "be exact" {
		t.Errorf("name %q query %q system %q", sc.Name, s.Query, sc.SystemPrompt)
	}
	if s.Pipeline.Tokenizer.Name() != tokens.TokenizerHeuristic || s.Model != "claude-sonnet-4-5" {
		t.Errorf("tokenizer %s model %s: tokenizer: must win over the model", s.Pipeline.Tokenizer.Name(), s.Model)
	}
	if got := string(sc.Tools[0]); got != `{"type":"function","function":{"name":"f","description":"a < b & c"}}` {
		t.Errorf("tool JSON %s", got)
	}
	wantHistory := []value.Message{{Role: "user", Content: "hi"}, {Role: "assistant", Content: "hello"}}
	if !reflect.DeepEqual(sc.History, wantHistory) {
		t.Errorf("history %+v", sc.History)
	}
	if !reflect.DeepEqual(sc.ToolResults[0], window.ToolResult{Name: "f", Content: "42", ToolCallID: "call_1"}) {
		t.Errorf("tool result %+v", sc.ToolResults[0])
	}
	if len(sc.Documents) != 2 || sc.Documents[1].Content != "seven eight nine ten eleven" || sc.Documents[1].Score != 1 {
		t.Errorf("documents %+v", sc.Documents)
	}
	p := s.Pipeline
	if s.Builder != core.BuilderSimpleRAG || p.DedupThreshold != 0.7 || p.MinDocTokens != 2 || p.LostInMiddle ||
		p.ShingleSize != 3 || p.BudgetMode != pipeline.BudgetStrict || !p.SummarizeOverflow || p.PartialMinRemaining != 10 {
		t.Errorf("pipeline %+v builder %s", p, s.Builder)
	}
	m := s.Memory
	if m.Strategy != memory.Summary || !reflect.DeepEqual(m.Patterns, []string{`X-\d+`}) || m.SummarizeEvery != 4 || m.KeepRecent != 2 || !m.ReferenceOrder {
		t.Errorf("memory %+v", m)
	}
	if !s.Rerank || s.InitialK != 10 || s.FinalK != pipeline.DefaultRerankFinalK {
		t.Errorf("rerank %v %d %d", s.Rerank, s.InitialK, s.FinalK)
	}
}

// An agent loop's assistant turn and the measure mode round-trip through a
// scenario file, so an imported request can be saved and reopened.
func TestScenarioAgentLoopFields(t *testing.T) {
	const text = "mode: measure\nquery: q\ntool_results:\n" +
		"  - role: assistant\n    content: ''\n    tool_calls: [{id: c1, type: function, function: {name: f, arguments: '{}'}}]\n" +
		"  - {name: f, content: done, tool_call_id: c1}\n"
	sc, err := LoadFS(fstest.MapFS{"s.yaml": {Data: []byte(text)}}, "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if sc.Settings.Mode != window.MeasureOnly {
		t.Errorf("mode %q", sc.Settings.Mode)
	}
	call := sc.ToolResults[0]
	if call.Role != "assistant" || string(call.ToolCalls) != `[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]` {
		t.Errorf("assistant turn %+v (%s)", call, call.ToolCalls)
	}
}

// TestScenarioAgentSteps: a workflow's steps, what they require, which
// have run, and the chosen step.
func TestScenarioAgentSteps(t *testing.T) {
	const text = "query: q\nagent:\n  summary: triage\n  step: draft\n  steps:\n" +
		"    - {name: search, output: found it}\n    - {name: empty, output: ''}\n" +
		"    - name: draft\n      requires: [search, empty]\n"
	sc, err := LoadFS(fstest.MapFS{"s.yaml": {Data: []byte(text)}}, "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := &core.AgentWorkflow{Summary: "triage", Steps: []core.AgentStep{
		{Name: "search", Output: "found it", Recorded: true},
		{Name: "empty", Recorded: true},
		{Name: "draft", Requires: []string{"search", "empty"}},
	}}
	if !reflect.DeepEqual(sc.Agent, want) || sc.Settings.Step != "draft" {
		t.Errorf("agent %+v step %q", sc.Agent, sc.Settings.Step)
	}
}

// TestExportRoundTrip: what Marshal writes loads back to the same
// inputs and settings, including an imported request's measure mode, an
// agent loop's tool calls, and an agent workflow.
func TestExportRoundTrip(t *testing.T) {
	const text = "mode: measure\nquery: q\nsystem_prompt: be brief\n" +
		"tools:\n  - {type: function, function: {name: f, parameters: {type: object}}}\n" +
		"tool_results:\n  - role: assistant\n    content: ''\n    tool_calls: [{id: c1, type: function, function: {name: f, arguments: '{}'}}]\n" +
		"  - {name: f, content: done, tool_call_id: c1}\n" +
		"agent:\n  summary: triage\n  step: draft\n  steps:\n    - {name: search, output: found it}\n    - {name: draft, requires: [search]}\n" +
		"memory: {max_turns: 0}\n" +
		"recorded_usage: {input_tokens: 71, output_tokens: 46, field: usage.prompt_tokens}\n" +
		"documents:\n  - {content: alpha beta gamma delta epsilon, score: 0.5, source: a.md}\n"
	sc, err := LoadFS(fstest.MapFS{"s.yaml": {Data: []byte(text)}}, "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out, err := Marshal(sc, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	back, err := LoadFS(fstest.MapFS{"e.yaml": {Data: out}}, "e.yaml")
	if err != nil {
		t.Fatalf("the export does not load: %v\n%s", err, out)
	}
	if sc.Settings.MaxTurns != 0 || back.Settings.MaxTurns != 0 {
		t.Errorf("max_turns 0 read as %d, exported and read back as %d", sc.Settings.MaxTurns, back.Settings.MaxTurns)
	}
	if back.Settings.Mode != window.MeasureOnly || back.Settings.Step != "draft" {
		t.Errorf("mode %q step %q", back.Settings.Mode, back.Settings.Step)
	}
	if sc.Recorded == nil || !reflect.DeepEqual(back.Recorded, sc.Recorded) || sc.Recorded.InputTokens != 71 {
		t.Errorf("recorded usage %+v, read back %+v", sc.Recorded, back.Recorded)
	}
	if !reflect.DeepEqual(back.Agent, sc.Agent) {
		t.Errorf("agent %+v, want %+v", back.Agent, sc.Agent)
	}
	if !reflect.DeepEqual(back.ToolResults, sc.ToolResults) {
		t.Errorf("tool results %+v, want %+v", back.ToolResults, sc.ToolResults)
	}
	if len(back.Tools) != 1 || string(back.Tools[0]) != string(sc.Tools[0]) {
		t.Errorf("tools %s, want %s", back.Tools, sc.Tools)
	}
	if !reflect.DeepEqual(back.Documents, sc.Documents) || back.SystemPrompt != sc.SystemPrompt {
		t.Errorf("documents or system prompt changed")
	}
}

// A scenario with a Claude model and no tokenizer counts with o200k_base
// and says the counts are estimates.
func TestScenarioClaudeModelIsAnEstimate(t *testing.T) {
	sc, err := LoadFS(fstest.MapFS{"s.yaml": {Data: []byte("model: claude-3-5-haiku-latest\nquery: q\n")}}, "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if sc.Settings.Pipeline.Tokenizer.Name() != tokens.TokenizerO200K || len(sc.Notes) != 1 || !strings.Contains(sc.Notes[0], "estimates") {
		t.Errorf("tokenizer %s, notes %q", sc.Settings.Pipeline.Tokenizer.Name(), sc.Notes)
	}
}

func TestScenarioWithBudgetFilePresets(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(path, []byte("preset: team_chat\nquery: q\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	team := window.ContextBudget{TotalWindow: 32_000, SystemPrompt: 500, ResponseReserve: 1000}
	sc, err := LoadFile(path, Options{Presets: window.MergePresets(window.BuiltinPresets(), window.PresetSet{"team_chat": team})})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Settings.Preset != "team_chat" || sc.Settings.Budget != team {
		t.Errorf("preset %q budget %+v", sc.Settings.Preset, sc.Settings.Budget)
	}
	if _, err := LoadFile(path, Options{}); err == nil || !strings.Contains(err.Error(), `unknown preset "team_chat"`) {
		t.Errorf("without the budget file: %v", err)
	}
}

func TestScenarioBadInput(t *testing.T) {
	files := fstest.MapFS{
		"s/docs/kb.jsonl":     {Data: []byte(`{"content": "a b c d e f"}` + "\n")},
		"s/docs/broken.jsonl": {Data: []byte("{\"content\": \"a\"}\n{oops}\n")},
		"s/hist/chat.json":    {Data: []byte(`[{"role": "user"}]`)},
	}
	tests := []struct {
		name string
		yaml string
		want string // substring of the error, after "s/s.yaml: "
	}{
		{"malformed YAML", "name: x\nwindow: 5\nquery: a: b\n", "line 3: invalid YAML: mapping values are not allowed in this context"},
		{"unknown top-level key", "nmae: x\n", `line 1, column 1: unknown key "nmae" in the scenario (did you mean "name"?); expected one of name, description,`},
		{"unknown budget key", "budget:\n  retrived_context: 100\n", `line 2, column 3: unknown key "retrived_context" in budget (did you mean "retrieved_context"?)`},
		{"unknown pipeline key", "pipeline: {dedup: 0.5}\n", `unknown key "dedup" in pipeline`},
		{"unknown memory key", "memory:\n  max_tokens: 10\n", `line 2, column 3: unknown key "max_tokens" in memory`},
		{"unknown rerank key", "rerank: {k: 3}\n", `unknown key "k" in rerank`},
		{"unknown tool result key", "tool_results:\n  - {name: a, content: b, output: c}\n", `unknown key "output" in tool_results item 1`},
		{"agent without steps", "agent:\n  summary: s\n", `line 1, column 1: agent has no steps`},
		{"agent step without a name", "agent:\n  steps:\n    - {output: x}\n", `line 3, column 7: agent steps item 1 has no name`},
		{"agent step twice", "agent:\n  steps:\n    - {name: a}\n    - {name: a}\n", `line 4, column 7: agent step "a" appears twice (first on line 3)`},
		{"agent requires a typo", "agent:\n  steps:\n    - {name: search}\n    - {name: draft, requires: [serch]}\n", `line 4, column 7: agent step "draft" requires "serch", which is not a step; expected one of search, draft`},
		{"agent step chosen is unknown", "agent:\n  step: drfat\n  steps:\n    - {name: draft}\n", `line 2, column 9: agent step "drfat" is not a step; expected one of draft`},
		{"agent unknown key", "agent:\n  steps: []\n  stpe: a\n", `unknown key "stpe" in agent (did you mean "step"?)`},
		{"recorded usage without input", "recorded_usage: {output_tokens: 3}\n", `line 1, column 1: recorded_usage has no input_tokens`},
		{"agent steps empty", "agent:\n  steps: []\n", `line 2, column 10: agent steps is empty`},
		{"agent step requires itself", "agent:\n  steps:\n    - {name: a, requires: [a]}\n", `line 3, column 28: agent step "a" requires itself`},
		{"agent steps require each other", "agent:\n  steps:\n    - {name: a, requires: [b]}\n    - {name: b, requires: [a]}\n", `line 3, column 7: agent steps require each other in a cycle: a → b → a; expected each step to read only steps that can run before it`},
		{"agent steps in a longer cycle", "agent:\n  steps:\n    - {name: s}\n    - {name: a, requires: [s, c]}\n    - {name: b, requires: [a]}\n    - {name: c, requires: [b]}\n", `line 4, column 7: agent steps require each other in a cycle: a → c → b → a`},
		{"tool name not a string", "tools:\n  - {type: function, function: {name: 5}}\n", `line 2, column 5: tools item 1: function.name is the number 5; expected the tool's name as a string`},
		{"tool function not a mapping", "tools:\n  - {type: function, function: lookup}\n", `tools item 1: "function" is the string "lookup"; expected {name, description, parameters}`},
		{"agent step requires twice", "agent:\n  steps:\n    - {name: a}\n    - {name: b, requires: [a, a]}\n", `line 4, column 31: agent step "b" requires "a" twice`},
		{"duplicate key", "query: a\nquery: b\n", `key "query" appears twice`},
		{"missing documents file", "documents: docs/missing.jsonl\n", `line 1, column 12: documents file "docs/missing.jsonl" not found (looked for s/docs/missing.jsonl)`},
		{"broken documents file", "documents: docs/broken.jsonl\n", `line 1, column 12: documents "docs/broken.jsonl": s/docs/broken.jsonl: line 2, column 2: invalid JSON`},
		{"documents beside the folder", "documents: ../docs/kb.jsonl\n", `line 1, column 12: documents path "../docs/kb.jsonl" leads outside the scenario's folder; expected a path inside it`},
		{"documents outside the FS", "documents: ../../etc/passwd\n", "leaves the embedded file system"},
		{"bad history file", "history: hist/chat.json\n", `history "hist/chat.json": s/hist/chat.json: record 1: missing "content"`},
		{"bad inline history", "history:\n  - {role: user}\n  - {content: x}\n", `line 2: missing "content"`},
		{"bad inline document", "documents:\n  - {content: a}\n  - {content: [1]}\n", `line 3: "content" is a list; expected a string`},
		{"bad preset name", "preset: suport_chat\n", `line 1, column 9: preset: unknown preset "suport_chat" (expected one of support_chat, document_qa, code_review, agent_workflow)`},
		{"negative budget", "budget:\n  retrieved_context: -5\n", "line 2, column 22: budget.retrieved_context -5 is negative; expected 0 or more tokens"},
		{"zero window", "window: 0\n", "line 1, column 9: window 0 is below 1; expected a positive number of tokens"},
		{"window not a number", "window: lots\n", `line 1, column 9: window is the string "lots"; expected a whole number`},
		{"regex that does not compile", "memory:\n  patterns: ['ORD-\\d+', '(unclosed']\n", `line 2, column 25: memory.patterns[2] "(unclosed" does not compile: error parsing regexp: missing closing )`},
		{"unknown memory strategy", "memory: {strategy: lru}\n", `memory.strategy: unknown memory strategy "lru"`},
		{"keep_recent zero", "memory: {keep_recent: 0}\n", "memory.keep_recent 0 is below 1; expected at least 1 message"},
		{"max_turns negative", "memory: {max_turns: -1}\n", "memory.max_turns -1 is negative"},
		{"unknown builder", "pipeline: {builder: bm25}\n", `pipeline.builder: unknown RAG builder "bm25"`},
		{"dedup threshold out of range", "pipeline:\n  dedup_threshold: 1.5\n", "line 2, column 20: pipeline.dedup_threshold 1.5 is outside [0, 1]"},
		{"shingle size zero", "pipeline: {shingle_size: 0}\n", "line 1, column 26: pipeline.shingle_size 0 is outside [1, 10000]"},
		{"rerank k zero", "rerank: {final_k: 0}\n", "line 1, column 19: rerank.final_k 0 is below 1; expected at least 1 document"},
		{"unknown mode", "mode: squeeze\n", `line 1, column 7: mode: unknown assembly mode "squeeze"`},
		{"tool_calls not a list", "tool_results: [{role: assistant, content: '', tool_calls: {id: a}}]\n", "tool_results item 1 tool_calls is a mapping; expected a list"},
		{"unknown tokenizer", "tokenizer: gpt2\n", `unknown tokenizer "gpt2"`},
		{"tools not a list", "tools: {type: function}\n", "tools is a mapping; expected a list of tool definitions"},
		{"tool not a mapping", "tools: [search]\n", `tools item 1 is the string "search"; expected a tool definition mapping`},
		{"tool result without content", "tool_results: [{name: a}]\n", "tool_results item 1 has no content"},
		{"query is a list", "query: [a]\n", "query is a list; expected text"},
		{"boolean as number", "pipeline: {min_doc_tokens: yes}\n", "pipeline.min_doc_tokens is the string \"yes\"; expected a whole number"},
		{"not a mapping", "- a\n- b\n", "the scenario is a list; expected a mapping"},
		{"two documents", "name: a\n---\nname: b\n", "a second YAML document"},
		{"merge key", "pipeline:\n  <<: {builder: rag}\n", "line 2, column 3: merge keys (<<) are not supported in pipeline"},
		{"invalid UTF-8", "name: \xff\n", "invalid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"s/s.yaml": {Data: []byte(tt.yaml)}}
			for k, v := range files {
				fsys[k] = v
			}
			_, err := LoadFS(fsys, "s/s.yaml")
			if err == nil {
				t.Fatal("no error")
			}
			loadertest.AssertOneLineError(t, err)
			if !strings.HasPrefix(err.Error(), "s/s.yaml: ") {
				t.Errorf("error %q does not name the scenario file", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

// Nested aliases in a tool definition can stand for billions of nodes;
// the loader must refuse them rather than exhaust memory.
func TestScenarioAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("tools:\n  - {a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}\n")
	for i := 1; i < 9; i++ {
		prev := fmt.Sprintf("*a%d", i-1)
		fmt.Fprintf(&b, "  - {a%d: &a%d [%s]}\n", i, i, strings.TrimSuffix(strings.Repeat(prev+", ", 10), ", "))
	}
	_, err := LoadFS(fstest.MapFS{"s.yaml": {Data: []byte(b.String())}}, "s.yaml")
	if err == nil || !strings.Contains(err.Error(), "expands to more than 1,000,000 nodes through aliases") {
		t.Errorf("got %v", err)
	}
}

func TestScenarioEmptyFile(t *testing.T) {
	for _, text := range []string{"", "  \n", "# only a comment\n"} {
		_, err := LoadFS(fstest.MapFS{"s.yaml": {Data: []byte(text)}}, "s.yaml")
		if !errors.Is(err, loaders.ErrEmpty) {
			t.Errorf("%q: %v, want ErrEmpty", text, err)
		}
	}
}

// A missing documents file on disk is reported with the scenario file,
// the line, the path as written and where it was looked for.
func TestScenarioMissingDocumentsOnDisk(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "case.yaml")
	if err := os.WriteFile(path, []byte("name: x\ndocuments: data/kb.jsonl\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadFile(path, Options{})
	want := path + `: line 2, column 12: documents file "data/kb.jsonl" not found (looked for ` + filepath.Join(dir, "data", "kb.jsonl") + ")"
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	if _, err := LoadFile(filepath.Join(dir, "nope.yaml"), Options{}); err == nil || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing scenario: %v", err)
	}
}
