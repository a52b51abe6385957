package request

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"ctxlab/core"
	"ctxlab/core/metrics"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
	"ctxlab/loaders/internal/loadertest"
)

// corpusRequest is what one corpus request must split into.
type corpusRequest struct {
	file        string
	interaction int // as passed in Options; 0 = default pick
	provider    string
	model       string
	system      string // a prefix of the system prompt; "" means none
	tools       int
	messages    int
	query       string
	history     int
	// results are the tool-results items as "role name id calls" lines,
	// where calls is the number of calls in ToolCalls.
	results []string
	window  int
	reserve int
}

const (
	hitlCassette      = "pydantic-ai-llm-requests/test_prefect_agent_with_hitl_tool.yaml"
	complexCassette   = "pydantic-ai-llm-requests/test_complex_agent_run_in_flow.yaml"
	anthropicCassette = "pydantic-ai-llm-requests/test_multiple_parallel_tool_calls.yaml"
	functionaryFile   = "functionary-tool-chat/test_case.json"
)

var corpusRequests = []corpusRequest{
	{file: hitlCassette, interaction: 0, provider: "openai", model: "gpt-4o", system: "Just call tools without asking for confirmation.",
		tools: 2, messages: 2, query: "Delete the file `.env` and create `test.txt`", window: 128_000, reserve: tokens.DefaultResponseReserve},
	{file: hitlCassette, interaction: 1, provider: "openai", model: "gpt-4o", system: "Just call tools without asking for confirmation.",
		tools: 2, messages: 2, query: "Delete the file `.env` and create `test.txt`", window: 128_000, reserve: tokens.DefaultResponseReserve},
	// The parallel tool calls of an agent loop: one assistant turn with
	// two calls, then both outputs, all after the user's message.
	{file: hitlCassette, interaction: 2, provider: "openai", model: "gpt-4o", system: "Just call tools without asking for confirmation.",
		tools: 2, messages: 5, query: "Delete the file `.env` and create `test.txt`", window: 128_000, reserve: tokens.DefaultResponseReserve,
		results: []string{
			"assistant - - 2",
			"tool delete_file call_HMKxpFuWMpNPfuK5352En5En 0",
			"tool create_file call_CAES42XVgl0EvrUmnIoHkMSS 0",
		}},
	{file: complexCassette, interaction: 1, provider: "openai", model: "gpt-4o", tools: 21, messages: 1,
		query: "Tell me: the capital of the country; the weather there; the product name", window: 128_000, reserve: tokens.DefaultResponseReserve},
	{file: complexCassette, interaction: 2, provider: "openai", model: "gpt-4o", tools: 21, messages: 3,
		query: "Tell me: the capital of the country; the weather there; the product name", window: 128_000, reserve: tokens.DefaultResponseReserve,
		results: []string{"assistant - - 1", "tool get_country call_rI3WKPYvVwlOgCGRjsPP2hEx 0"}},
	{file: complexCassette, interaction: 3, provider: "openai", model: "gpt-4o", tools: 21, messages: 6,
		query: "Tell me: the capital of the country; the weather there; the product name", window: 128_000, reserve: tokens.DefaultResponseReserve,
		results: []string{
			"assistant - - 1",
			"tool get_country call_rI3WKPYvVwlOgCGRjsPP2hEx 0",
			"assistant - - 2",
			"tool get_weather call_NS4iQj14cDFwc0BnrKqDHavt 0",
			"tool get_product_name call_SkGkkGDvHQEEk0CGbnAh2AQw 0",
		}},
	{file: anthropicCassette, interaction: 1, provider: "anthropic", model: "claude-haiku-4-5", system: "\n    Use the `retrieve_entity_info` tool",
		tools: 1, messages: 1, query: "Alice, Bob, Charlie and Daisy are a family. Who is the youngest?", window: 200_000, reserve: 4096},
	// Four parallel tool_use blocks in one assistant turn, answered by four
	// tool_result blocks in a user message that carries no text: that
	// message is not the query.
	{file: anthropicCassette, interaction: 2, provider: "anthropic", model: "claude-haiku-4-5", system: "\n    Use the `retrieve_entity_info` tool",
		tools: 1, messages: 3, query: "Alice, Bob, Charlie and Daisy are a family. Who is the youngest?", window: 200_000, reserve: 4096,
		results: []string{
			"assistant - - 4",
			"tool retrieve_entity_info toolu_0167cfEnoQaPviGdVXA95zcu 0",
			"tool retrieve_entity_info toolu_01EEe2V5HD1Ac4rKiUR4HD2T 0",
			"tool retrieve_entity_info toolu_01XFyAjstT3966qvRynZyVPo 0",
			"tool retrieve_entity_info toolu_013mnQZbgtK2oe3Mo3XKJsx3 0",
		}},
	// Functionary: no model, tool calls without ids, a code_interpreter
	// tool and extra keys. The ids are numbered across the conversation,
	// so the last turn's call is the sixth.
	{file: functionaryFile, provider: "openai", tools: 3, messages: 21, query: "Thanks! What's the weather in San Francisco?", history: 17,
		window: DefaultWindow, reserve: tokens.DefaultResponseReserve,
		results: []string{"assistant - - 1", "tool get_weather call_6 0", "assistant - - 0"}},
}

func TestCorpusRequests(t *testing.T) {
	for _, tt := range corpusRequests {
		t.Run(fmt.Sprintf("%s#%d", path.Base(tt.file), tt.interaction), func(t *testing.T) {
			file := loadertest.CorpusFile(t, tt.file)
			sc, err := Load(file, nil, Options{Interaction: tt.interaction})
			if err != nil {
				t.Fatal(err)
			}
			s := sc.Settings
			if sc.Provider != tt.provider || s.Model != tt.model || sc.Origin != file {
				t.Errorf("provider %q model %q origin %q", sc.Provider, s.Model, sc.Origin)
			}
			if (tt.system == "") != (sc.SystemPrompt == "") || !strings.HasPrefix(sc.SystemPrompt, tt.system) {
				t.Errorf("system prompt %q, want prefix %q", sc.SystemPrompt, tt.system)
			}
			if len(sc.Tools) != tt.tools || s.Query != tt.query || len(sc.History) != tt.history {
				t.Errorf("%d tools, query %q, %d history messages", len(sc.Tools), s.Query, len(sc.History))
			}
			if got := describeResults(t, sc.ToolResults); !reflect.DeepEqual(got, tt.results) {
				t.Errorf("tool results\n got  %q\n want %q", got, tt.results)
			}
			if s.Mode != window.MeasureOnly || s.Preset != DefaultPreset || s.Budget.TotalWindow != tt.window || s.Budget.ResponseReserve != tt.reserve {
				t.Errorf("mode %s preset %s window %d reserve %d", s.Mode, s.Preset, s.Budget.TotalWindow, s.Budget.ResponseReserve)
			}
			if !strings.Contains(sc.Description, numfmt.Count(tt.messages, "message", "messages")) || !strings.Contains(sc.Description, numfmt.Count(tt.tools, "tool", "tools")) {
				t.Errorf("description %q", sc.Description)
			}
			estimate := containsNote(sc.Notes, "o200k_base estimates")
			if estimate != (tt.provider == "anthropic") {
				t.Errorf("estimate note %v for %s: %q", estimate, tt.provider, sc.Notes)
			}
			for i, tool := range sc.Tools {
				if !json.Valid(tool) {
					t.Errorf("tool %d is not JSON: %s", i+1, tool)
				}
			}
			ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}, s)
			if err != nil {
				t.Fatalf("Evaluate: %v", err)
			}
			if ev.Overflow != nil || len(ev.Assembly.TruncatedComponents()) > 0 {
				t.Errorf("a small request measured as sent overflowed or was cut: %+v", ev.Overflow)
			}
		})
	}
}

// Every interaction of every corpus cassette that holds a chat request
// imports, so a new cassette dropped into the corpus is covered too.
func TestEveryCorpusInteractionImports(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(loadertest.CorpusDir, "pydantic-ai-llm-requests", "*.yaml"))
	if len(files) == 0 {
		t.Fatalf("no cassettes in %s/pydantic-ai-llm-requests", loadertest.CorpusDir)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := loaders.DecodeYAML(file, data)
		if err != nil {
			t.Fatal(err)
		}
		imported := 0
		for i, interaction := range loaders.CassetteInteractions(tr.Value) {
			if _, ok := loaders.ChatRequestBody(interaction); !ok {
				continue
			}
			sc, err := Load(file, nil, Options{Interaction: i + 1})
			if err != nil {
				t.Errorf("interaction %d: %v", i+1, err)
				continue
			}
			if sc.Settings.Query == "" || len(sc.Tools) == 0 {
				t.Errorf("%s interaction %d: query %q, %d tools", file, i+1, sc.Settings.Query, len(sc.Tools))
			}
			imported++
		}
		if imported == 0 {
			t.Errorf("%s: no chat request imported", file)
		}
	}
}

// describeResults renders tool results as "role name id calls".
func describeResults(t *testing.T, results []window.ToolResult) []string {
	t.Helper()
	var out []string
	for _, r := range results {
		calls := 0
		if len(r.ToolCalls) > 0 {
			var list []json.RawMessage
			if err := json.Unmarshal(r.ToolCalls, &list); err != nil {
				t.Fatalf("tool_calls %s: %v", r.ToolCalls, err)
			}
			calls = len(list)
		}
		role, name, id := r.Role, r.Name, r.ToolCallID
		if role == "" {
			role = "tool"
		}
		if name == "" {
			name = "-"
		}
		if id == "" {
			id = "-"
		}
		out = append(out, fmt.Sprintf("%s %s %s %d", role, name, id, calls))
	}
	return out
}

func containsNote(notes []string, substr string) bool {
	for _, n := range notes {
		if strings.Contains(n, substr) {
			return true
		}
	}
	return false
}

// The functionary file keeps its non-function tool exactly and its tool
// calls without invented ids; only the display labels are added.
func TestFunctionaryKeepsToolsAsSent(t *testing.T) {
	sc, err := Load(loadertest.CorpusFile(t, functionaryFile), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(sc.Tools[2]); got != `{"type":"code_interpreter"}` {
		t.Errorf("code_interpreter tool %s", got)
	}
	if calls := string(sc.ToolResults[0].ToolCalls); strings.Contains(calls, `"id"`) {
		t.Errorf("tool calls gained ids: %s", calls)
	}
	if !containsNote(sc.Notes, "have no id") || !containsNote(sc.Notes, "names no model") {
		t.Errorf("notes %q", sc.Notes)
	}
	if h := sc.History[3]; h.Role != "assistant" || !strings.Contains(h.Content, `"get_car_price"`) {
		t.Errorf("history tool calls must be counted in the text: %+v", h)
	}
}

func TestParseRequestSplits(t *testing.T) {
	tests := []struct {
		name, body            string
		opts                  Options
		provider, system      string
		query                 string
		history               []value.Message
		results               []string
		window, reserve       int
		tokenizer, preset     string
		note                  string // a substring of some note, "" for none checked
		tools                 []string
		description           string
		assertNoNoteSubstring string
	}{
		{
			name: "system and developer messages join, image parts become placeholders",
			body: `{"model": "gpt-4.1", "max_completion_tokens": 2000, "messages": [
				{"role": "developer", "content": "be brief"},
				{"role": "system", "content": [{"type": "text", "text": "cite sources"}]},
				{"role": "user", "content": "hi"},
				{"role": "assistant", "content": "hello"},
				{"role": "user", "content": [{"type": "text", "text": "what is this?"}, {"type": "image_url", "image_url": {"url": "data:..."}}]}]}`,
			provider: "openai", system: "be brief\n\ncite sources", query: "what is this?\n[image]",
			history: []value.Message{{Role: "user", Content: "hi"}, {Role: "assistant", Content: "hello"}},
			window:  1_047_576, reserve: 2000, tokenizer: "o200k_base", preset: "agent_workflow",
			description: "OpenAI request · gpt-4.1 · 0 tools · 5 messages",
		},
		{
			name:     "window and preset options; the preset's reserve without max_tokens",
			body:     `{"model": "gpt-4", "messages": [{"role": "user", "content": "q"}]}`,
			opts:     Options{Window: 32_000, Preset: "support_chat"},
			provider: "openai", query: "q", window: 32_000, reserve: 2000, tokenizer: "cl100k_base", preset: "support_chat",
			assertNoNoteSubstring: "max_tokens",
		},
		{
			// The evaluation notes it, from the allocations it is given
			// (core's allocationNote): flags may replace the preset's.
			name:     "allocations larger than a small window are left to the evaluation",
			body:     `{"model": "gpt-4", "max_tokens": 1000, "messages": [{"role": "user", "content": "q"}]}`,
			provider: "openai", query: "q", window: 8192, reserve: 1000, tokenizer: "cl100k_base", preset: "agent_workflow",
			assertNoNoteSubstring: "allocates",
		},
		{
			name:     "unknown model: o200k_base, 128k and a note",
			body:     `{"model": "llama-3.1-8b", "max_tokens": 512, "messages": [{"role": "user", "content": "q"}]}`,
			provider: "openai", query: "q", window: DefaultWindow, reserve: 512, tokenizer: "o200k_base", preset: "agent_workflow",
			note: `model "llama-3.1-8b" is not in ctxlab's model table: assuming a 128,000-token window`,
		},
		{
			name:     "max_tokens above the model's max output is noted",
			body:     `{"model": "gpt-4o", "max_tokens": 50000, "messages": [{"role": "user", "content": "q"}]}`,
			provider: "openai", query: "q", window: 128_000, reserve: 50_000, tokenizer: "o200k_base", preset: "agent_workflow",
			note: "max_tokens 50,000 is above gpt-4o's max output of 16,384 tokens",
		},
		{
			name: "tools are kept byte for byte, compacted, without HTML escaping",
			body: `{"model": "gpt-4o", "tools": [{"type": "function", "function": {"name": "cmp", "description": "a < b && c > d", "parameters": {"type": "object", "properties": {}}}}, {"type": "code_interpreter"}],
				"messages": [{"role": "user", "content": "q"}]}`,
			provider: "openai", query: "q", window: 128_000, reserve: tokens.DefaultResponseReserve, tokenizer: "o200k_base", preset: "agent_workflow",
			tools: []string{`{"type":"function","function":{"name":"cmp","description":"a < b && c > d","parameters":{"type":"object","properties":{}}}}`, `{"type":"code_interpreter"}`},
		},
		{
			name: "tool messages after the query take the names of their calls",
			body: `{"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "q"},
				{"role": "assistant", "content": "checking", "tool_calls": [{"id": "a", "type": "function", "function": {"name": "search", "arguments": "{}"}}]},
				{"role": "tool", "tool_call_id": "a", "content": "found"},
				{"role": "assistant", "content": "done"}]}`,
			provider: "openai", query: "q", window: 128_000, reserve: tokens.DefaultResponseReserve, tokenizer: "o200k_base", preset: "agent_workflow",
			results: []string{"assistant - - 1", "tool search a 0", "assistant - - 0"},
		},
		{
			name: "legacy function_call and function role",
			body: `{"model": "gpt-3.5-turbo", "messages": [{"role": "user", "content": "q"},
				{"role": "assistant", "content": null, "function_call": {"name": "f", "arguments": "{}"}},
				{"role": "function", "name": "f", "content": "r"}]}`,
			provider: "openai", query: "q", window: 16_385, reserve: tokens.DefaultResponseReserve, tokenizer: "cl100k_base", preset: "agent_workflow",
			results: []string{"assistant - - 1", "function f - 0"},
		},
		{
			name: "anthropic: system blocks, string content, images, query with tool results",
			body: `{"model": "claude-sonnet-4-5", "max_tokens": 8000,
				"system": [{"type": "text", "text": "you are terse", "cache_control": {"type": "ephemeral"}}],
				"tools": [{"name": "look", "description": "d", "input_schema": {"type": "object"}}],
				"messages": [
				  {"role": "user", "content": "first"},
				  {"role": "assistant", "content": [{"type": "text", "text": "calling"}, {"type": "tool_use", "id": "t1", "name": "look", "input": {}}]},
				  {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "text", "text": "seen"}, {"type": "image", "source": {}}]}, {"type": "text", "text": "and now?"}, {"type": "image", "source": {}}]},
				  {"role": "assistant", "content": [{"type": "tool_use", "id": "t2", "name": "look", "input": {"x": 1}}]},
				  {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t2", "content": "ok", "is_error": true}]}]}`,
			provider: "anthropic", system: "you are terse", query: "and now?\n[image]",
			history: []value.Message{{Role: "user", Content: "first"}, {Role: "assistant", Content: `calling` + "\n" + `{"type":"tool_use","id":"t1","name":"look","input":{}}`}},
			results: []string{"tool look t1 0", "assistant - - 1", "tool look t2 0"},
			window:  200_000, reserve: 8000, tokenizer: "o200k_base", preset: "agent_workflow", note: "o200k_base estimates",
			description: "Anthropic request · claude-sonnet-4-5 · 1 tool · 5 messages",
		},
		{
			name:     "a simple body naming a Claude model is Anthropic",
			body:     "model: claude-3-5-haiku-latest\nmax_tokens: 100\nmessages:\n- {role: user, content: q}\n",
			provider: "anthropic", query: "q", window: 200_000, reserve: 100, tokenizer: "o200k_base", preset: "agent_workflow", note: "estimates",
		},
		{
			name:     "a simple body is OpenAI",
			body:     `{"messages": [{"role": "user", "content": "q"}]}`,
			provider: "openai", query: "q", window: DefaultWindow, reserve: tokens.DefaultResponseReserve, tokenizer: "o200k_base", preset: "agent_workflow",
			note: "the request names no model",
		},
		{
			name:     "a YAML cassette with a JSON body.string",
			body:     "interactions:\n- request:\n    body:\n      string: '{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": \"from the body\"}]}'\n",
			provider: "openai", query: "from the body", window: 128_000, reserve: tokens.DefaultResponseReserve, tokenizer: "o200k_base", preset: "agent_workflow",
			description: "OpenAI request · gpt-4o · 0 tools · 1 message · interaction 1 of 1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := Parse("req.json", []byte(tt.body), tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			s := sc.Settings
			if sc.Provider != tt.provider || sc.SystemPrompt != tt.system || s.Query != tt.query {
				t.Errorf("provider %q system %q query %q", sc.Provider, sc.SystemPrompt, s.Query)
			}
			if len(sc.History) > 0 || len(tt.history) > 0 {
				if got := historyTexts(sc.History); !reflect.DeepEqual(got, tt.history) {
					t.Errorf("history\n got  %v\n want %v", got, tt.history)
				}
			}
			if got := describeResults(t, sc.ToolResults); !reflect.DeepEqual(got, tt.results) {
				t.Errorf("tool results\n got  %q\n want %q", got, tt.results)
			}
			if s.Budget.TotalWindow != tt.window || s.Budget.ResponseReserve != tt.reserve || s.Pipeline.Tokenizer.Name() != tt.tokenizer || s.Preset != tt.preset {
				t.Errorf("window %d reserve %d tokenizer %s preset %s", s.Budget.TotalWindow, s.Budget.ResponseReserve, s.Pipeline.Tokenizer.Name(), s.Preset)
			}
			if tt.note != "" && !containsNote(sc.Notes, tt.note) {
				t.Errorf("notes %q lack %q", sc.Notes, tt.note)
			}
			if tt.assertNoNoteSubstring != "" && containsNote(sc.Notes, tt.assertNoNoteSubstring) {
				t.Errorf("notes %q mention %q", sc.Notes, tt.assertNoNoteSubstring)
			}
			if tt.tools != nil {
				var got []string
				for _, tool := range sc.Tools {
					got = append(got, string(tool))
				}
				if !reflect.DeepEqual(got, tt.tools) {
					t.Errorf("tools\n got  %q\n want %q", got, tt.tools)
				}
			}
			if tt.description != "" && sc.Description != tt.description {
				t.Errorf("description %q, want %q", sc.Description, tt.description)
			}
			if sc.Name != "req" {
				t.Errorf("name %q", sc.Name)
			}
		})
	}
}

func TestParseRequestBadInput(t *testing.T) {
	hitl := "interactions:\n- request: {parsed_body: {model: gpt-4o, messages: [{role: user, content: a}]}}\n- request: {parsed_body: {model: gpt-4o, messages: [{role: user, content: b}]}}\n"
	tests := []struct {
		name string
		body string
		opts Options
		want string // the whole error message
	}{
		{"no messages at all", `{"model": "gpt-4o", "messages": []}`, Options{},
			`request.json: no user message: a chat request needs at least one message with role "user"`},
		{"anthropic user message with only tool results", `{"system": "s", "messages": [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "x", "content": "r"}]}]}`, Options{},
			`request.json: no user message: a chat request needs at least one message with role "user" that has text (a user message with only tool_result blocks answers a tool call)`},
		{"selector out of range", hitl, Options{Interaction: 5},
			`request.json: interaction 5 is out of range: the cassette has 2 interactions (1 to 2)`},
		{"negative selector", hitl, Options{Interaction: -1},
			`request.json: interaction -1 is not valid; expected 1 or more (0 picks the first chat request)`},
		{"selector on a bare body", `{"messages": [{"role": "user", "content": "q"}]}`, Options{Interaction: 2},
			`request.json: interaction 2 was asked for, but this is a single request body, not a VCR cassette`},
		{"interaction that is not a chat request", "interactions:\n- request: {parsed_body: {query: tavily}}\n- request: {parsed_body: {messages: [{role: user, content: q}]}}\n", Options{Interaction: 1},
			`request.json: interaction 1's request is not a chat request (no request.parsed_body with messages); chat requests are in interaction 2`},
		{"cassette without chat requests", "interactions:\n- request: {parsed_body: {query: tavily}}\n", Options{},
			`request.json: is a VCR cassette with 1 interaction, none with a chat request (request.parsed_body with messages)`},
		{"error inside an interaction names it", "interactions:\n- request: {parsed_body: {messages: []}}\n", Options{},
			`request.json: interaction 1: no user message: a chat request needs at least one message with role "user"`},
		{"malformed JSON", "{\"messages\": [\n  {\"role\": \"user\" \"content\": \"q\"}]}", Options{},
			`request.json: line 2, column 19: invalid JSON: invalid character '"' after object key:value pair`},
		{"JSON Lines", "{\"messages\": []}\n{\"messages\": []}\n", Options{},
			`request.json: holds 2 JSON values; expected one request body`},
		{"not an object", `[{"role": "user", "content": "q"}]`, Options{},
			`request.json: is a list; expected ` + SupportedShapes + `; it looks like a chat history: pass it with --history, beside --docs`},
		{"no messages key", `{"model": "gpt-4o", "prompt": "q"}`, Options{},
			`request.json: no "messages"; expected ` + SupportedShapes},
		{"messages not a list", `{"messages": {"role": "user"}}`, Options{},
			`request.json: "messages" is an object; expected a list of messages`},
		{"unknown role before any user message", `{"messages":[{"role":"wizard","content":"hi"}]}`, Options{},
			`request.json: message 1: role "wizard"; expected system, developer, user, assistant, tool or function`},
		{"unknown role beside a user message, shown inert", `{"messages":[{"role":"\u001b[2Jwiz","content":"hi"},{"role":"user","content":"q"}]}`, Options{},
			`request.json: message 1: role "␛[2Jwiz"; expected system, developer, user, assistant, tool or function`},
		{"anthropic unknown role", `{"system": "s", "messages": [{"role": "user", "content": "q"}, {"role": "bot", "content": "r"}]}`, Options{},
			`request.json: message 2: role "bot"; expected user or assistant`},
		{"anthropic unknown role before any user message", `{"model": "claude-sonnet-4-5", "messages": [{"role": "wizard", "content": "hi"}]}`, Options{},
			`request.json: message 1: role "wizard"; expected user or assistant`},
		{"message without role", `{"messages": [{"content": "q"}]}`, Options{},
			`request.json: message 1: "role" is null; expected "system", "developer", "user", "assistant" or "tool"`},
		{"content is a number", `{"messages": [{"role": "user", "content": 7}]}`, Options{},
			`request.json: message 1: "content" is the number 7; expected a string, null or a list of parts`},
		{"text part without text", `{"messages": [{"role": "user", "content": [{"type": "text"}]}]}`, Options{},
			`request.json: message 1: content part 1: "text" is null; expected a string`},
		{"tool_calls not a list", `{"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "tool_calls": "x"}]}`, Options{},
			`request.json: message 2: "tool_calls" is the string "x"; expected a list`},
		{"tools not a list", `{"tools": {"type": "function"}, "messages": [{"role": "user", "content": "q"}]}`, Options{},
			`request.json: "tools" is an object; expected a list of tool definitions`},
		{"tool not an object", `{"tools": ["search"], "messages": [{"role": "user", "content": "q"}]}`, Options{},
			`request.json: tool 1 is the string "search"; expected a tool definition object`},
		{"model not a string", `{"model": 4, "messages": [{"role": "user", "content": "q"}]}`, Options{},
			`request.json: "model" is the number 4; expected a string`},
		{"negative max_tokens", `{"max_tokens": -1, "messages": [{"role": "user", "content": "q"}]}`, Options{},
			`request.json: "max_tokens" is the number -1; expected a positive whole number of tokens`},
		{"max_tokens of 2^63-1", `{"max_tokens": 9223372036854775807, "messages": [{"role": "user", "content": "q"}]}`, Options{},
			`request.json: "max_tokens" is the number 9223372036854775807, more tokens than any model writes in a reply; expected at most 2,147,483,647`},
		{"tool name a number", `{"tools": [{"type": "function", "function": {"name": 5}}], "messages": [{"role": "user", "content": "q"}]}`, Options{},
			`request.json: tool 1: function.name is the number 5; expected the tool's name as a string`},
		{"anthropic tool name empty", `{"system": "s", "tools": [{"name": "", "input_schema": {}}], "messages": [{"role": "user", "content": "q"}]}`, Options{},
			`request.json: tool 1: name is empty; expected the tool's name`},
		{"bad preset name", `{"messages": [{"role": "user", "content": "q"}]}`, Options{Preset: "chat"},
			`request.json: unknown preset "chat" (expected one of support_chat, document_qa, code_review, agent_workflow)`},
		{"negative window", `{"messages": [{"role": "user", "content": "q"}]}`, Options{Window: -5},
			`request.json: window -5 is negative; expected a number of tokens`},
		{"mixed shapes", `{"system": "s", "messages": [{"role": "user", "content": "q"}, {"role": "assistant", "tool_calls": []}]}`, Options{},
			`request.json: mixes the Anthropic Messages shape (a top-level "system") and the OpenAI Chat Completions shape (message 2 has "tool_calls"); expected one API's request body`},
		{"anthropic block without type", `{"system": "s", "messages": [{"role": "user", "content": [{"text": "q"}]}]}`, Options{},
			`request.json: message 1: content block 1: "type" is null; expected text, image, tool_use or tool_result`},
		{"anthropic system not text", `{"system": 5, "messages": [{"role": "user", "content": "q"}]}`, Options{},
			`request.json: "system" is the number 5; expected a string or a list of text blocks`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("request.json", []byte(tt.body), tt.opts)
			if err == nil {
				t.Fatal("no error")
			}
			loadertest.AssertOneLineError(t, err)
			if err.Error() != tt.want {
				t.Errorf("got  %s\nwant %s", err, tt.want)
			}
		})
	}
}

func TestParseRequestEmpty(t *testing.T) {
	for _, body := range []string{"", " \n\t", "\xEF\xBB\xBF"} {
		_, err := Parse("request.json", []byte(body), Options{})
		if !errors.Is(err, loaders.ErrEmpty) {
			t.Errorf("%q: %v, want ErrEmpty", body, err)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "request.json: input is empty") {
			t.Errorf("%q: %v", body, err)
		}
	}
}

func TestCorpusSelectorOutOfRange(t *testing.T) {
	path := loadertest.CorpusFile(t, complexCassette)
	_, err := Load(path, nil, Options{Interaction: 4})
	if err == nil || err.Error() != path+": interaction 4 is out of range: the cassette has 3 interactions (1 to 3)" {
		t.Errorf("got %v", err)
	}
}

func TestLoadRequestStdinAndFiles(t *testing.T) {
	sc, err := Load("-", strings.NewReader(`{"model": "o3", "messages": [{"role": "user", "content": "q"}]}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != "stdin" || sc.Origin != "stdin" || sc.Settings.Budget.TotalWindow != 200_000 {
		t.Errorf("name %q origin %q window %d", sc.Name, sc.Origin, sc.Settings.Budget.TotalWindow)
	}
	if _, err := Load(t.TempDir(), nil, Options{}); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("directory: %v", err)
	}
	if _, err := Load("does-not-exist.json", nil, Options{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// A custom preset from a budget file can be named for a request.
func TestRequestWithBudgetFilePreset(t *testing.T) {
	team := window.ContextBudget{TotalWindow: 64_000, SystemPrompt: 900, ResponseReserve: 1500}
	sc, err := Parse("r.json", []byte(`{"model": "gpt-4o", "messages": [{"role": "user", "content": "q"}]}`),
		Options{Preset: "team", Presets: window.MergePresets(window.BuiltinPresets(), window.PresetSet{"team": team})})
	if err != nil {
		t.Fatal(err)
	}
	want := team
	want.TotalWindow = 128_000 // the model's window, not the preset's
	if sc.Settings.Budget != want || sc.Settings.Preset != "team" {
		t.Errorf("budget %+v preset %q", sc.Settings.Budget, sc.Settings.Preset)
	}
}

// TestRequestModelOption: the model given on the command line stands in
// for the request's own, window and tokenizer included; an explicit
// window still wins.
func TestRequestModelOption(t *testing.T) {
	body := []byte(`{"model": "gpt-4", "messages": [{"role": "user", "content": "hello there"}]}`)
	cases := []struct {
		opts      Options
		window    int
		model     string
		tokenizer string
		noted     bool
	}{
		{Options{}, 8192, "gpt-4", tokens.TokenizerCL100K, false},
		{Options{Model: "gpt-4o"}, 128_000, "gpt-4o", tokens.TokenizerO200K, true},
		{Options{Model: "gpt-4o", Window: 10_000}, 10_000, "gpt-4o", tokens.TokenizerO200K, true},
		{Options{Model: "gpt-4"}, 8192, "gpt-4", tokens.TokenizerCL100K, false},
	}
	for _, c := range cases {
		sc, err := Parse("g4.json", body, c.opts)
		if err != nil {
			t.Fatalf("%+v: %v", c.opts, err)
		}
		s := sc.Settings
		if s.Budget.TotalWindow != c.window || s.Model != c.model || s.Pipeline.Tokenizer.Name() != c.tokenizer {
			t.Errorf("%+v: window %d, model %q, tokenizer %s", c.opts, s.Budget.TotalWindow, s.Model, s.Pipeline.Tokenizer.Name())
		}
		if got := containsNote(sc.Notes, "measured as a request to gpt-4o (the model given), not to gpt-4"); got != c.noted {
			t.Errorf("%+v: note %v in %q", c.opts, got, sc.Notes)
		}
	}
}

// TestRequestModelOptionAcrossProviders: an Anthropic request measured as
// one to gpt-4o is counted as gpt-4o counts, without the estimate note,
// and an OpenAI request measured for Claude gets it.
func TestRequestModelOptionAcrossProviders(t *testing.T) {
	claude := []byte(`{"model": "claude-sonnet-4-5", "max_tokens": 1000, "system": "s", "messages": [{"role": "user", "content": "q"}]}`)
	sc, err := Parse("c.json", claude, Options{Model: "gpt-4o"})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Settings.Budget.TotalWindow != 128_000 || containsNote(sc.Notes, anthropicEstimateNote) {
		t.Errorf("window %d, notes %q", sc.Settings.Budget.TotalWindow, sc.Notes)
	}
	gpt := []byte(`{"model": "gpt-4o", "messages": [{"role": "user", "content": "q"}]}`)
	if sc, err = Parse("g.json", gpt, Options{Model: "claude-sonnet-4-5"}); err != nil {
		t.Fatal(err)
	}
	if !containsNote(sc.Notes, anthropicEstimateNote) || sc.Settings.Pipeline.Tokenizer.Name() != tokens.TokenizerO200K {
		t.Errorf("notes %q", sc.Notes)
	}
}

// TestCassetteRecordedUsage: the provider's own count comes from the
// recorded response: parsed bodies (OpenAI, Anthropic) and streamed ones.
func TestCassetteRecordedUsage(t *testing.T) {
	cases := []struct {
		file        string
		interaction int
		want        metrics.RecordedUsage
	}{
		{"test_prefect_agent_with_hitl_tool.yaml", 1, metrics.RecordedUsage{InputTokens: 71, OutputTokens: 46, Field: "usage.prompt_tokens"}},
		{"test_complex_agent_run_in_flow.yaml", 1, metrics.RecordedUsage{InputTokens: 398, OutputTokens: 10, Field: "usage.prompt_tokens"}},
	}
	for _, c := range cases {
		sc, err := Load(loadertest.CorpusDir+"/pydantic-ai-llm-requests/"+c.file, nil, Options{Interaction: c.interaction})
		if err != nil {
			t.Fatal(err)
		}
		got := sc.Recorded
		if got == nil || got.InputTokens != c.want.InputTokens || got.Field != c.want.Field || (c.want.OutputTokens > 0 && got.OutputTokens != c.want.OutputTokens) {
			t.Errorf("%s #%d: %+v, want %+v", c.file, c.interaction, got, c.want)
		}
	}
	// An Anthropic response's parsed body: read, though Load leaves this
	// one's out, since its body was renamed after it was billed
	// (TestRenamedCassetteBillNotCompared).
	data, err := os.ReadFile(loadertest.CorpusDir + "/pydantic-ai-llm-requests/test_multiple_parallel_tool_calls.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tree, err := loaders.DecodeJSONOrYAML("test_multiple_parallel_tool_calls.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	if list := loaders.CassetteInteractions(tree.Value); len(list) != 2 {
		t.Errorf("%d interactions", len(list))
	} else if u, ok, _ := recordedUsage(list[1]); !ok || u.InputTokens != 771 || u.Field != "usage.input_tokens" {
		t.Errorf("test_multiple_parallel_tool_calls.yaml #2: %+v %v", u, ok)
	}
	// A bare body records nothing; a streamed Anthropic body reports its
	// input in message_start.
	if u, ok := streamedUsage("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":12,\"cache_read_input_tokens\":30,\"output_tokens\":1}}}\n\ndata: {\"type\":\"message_delta\",\"usage\":{\"output_tokens\":40}}\n"); !ok || u.InputTokens != 42 || u.OutputTokens != 40 {
		t.Errorf("streamed Anthropic usage %+v %v", u, ok)
	}
}

// historyTexts is a history's roles and texts, without the messages as
// sent that each carries.
func historyTexts(history []value.Message) []value.Message {
	out := make([]value.Message, len(history))
	for i, m := range history {
		out[i] = value.Message{Role: m.Role, Content: m.Content}
	}
	return out
}
