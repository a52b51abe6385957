package window

import (
	"encoding/json"
	"testing"

	"ctxlab/core/internal/testfake"
	"ctxlab/core/internal/testtext"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// itemsOf returns the assembly's items of one component.
func itemsOf(a *Assembly, component string) []Item {
	var out []Item
	for _, it := range a.Items {
		if it.Component == component {
			out = append(out, it)
		}
	}
	return out
}

// TestItemsMeasuredSumToTheirComponents: measured as sent, every message
// is counted as the provider reads it, so the pieces add up to the
// component exactly, and each is labelled by its role or its tool.
func TestItemsMeasuredSumToTheirComponents(t *testing.T) {
	in := Input{
		Budget:    ContextBudget{TotalWindow: 10_000, ResponseReserve: 1_000},
		Tokenizer: testfake.Words{},
		Mode:      MeasureOnly,
		History: []value.Message{
			{Role: "user", Content: testtext.Words(7, "u")},
			{Role: "assistant", Content: testtext.Words(30, "a")},
		},
		ToolResults: []ToolResult{
			{Role: "assistant", ToolCalls: json.RawMessage(`[{"id":"c1","type":"function","function":{"name":"search_flights","arguments":"{}"}}]`)},
			{Name: "search_flights", Content: testtext.Words(120, "f"), ToolCallID: "c1"},
			{Name: "get_weather", Content: testtext.Words(5, "w"), ToolCallID: "c2"},
		},
		UserQuery: "where to?",
	}
	a, err := Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{ComponentHistory, ComponentToolResults} {
		c, _ := a.Component(name)
		sum := 0
		for _, it := range itemsOf(a, name) {
			sum += it.Tokens
		}
		if sum != c.Used {
			t.Errorf("%s: items sum to %d, the component is %d", name, sum, c.Used)
		}
	}
	want := []struct {
		kind   ItemKind
		label  string
		tokens int
	}{
		{ItemMessage, "message 1 (user)", 7},
		{ItemMessage, "message 2 (assistant)", 30},
		{ItemToolCall, "message 4: tool call search_flights", 1},
		{ItemToolResult, "tool result 1: search_flights (message 5)", 120},
		{ItemToolResult, "tool result 2: get_weather (message 6)", 5},
	}
	if len(a.Items) != len(want) {
		t.Fatalf("%d items, want %d: %+v", len(a.Items), len(want), a.Items)
	}
	for i, w := range want {
		got := a.Items[i]
		if got.Kind != w.kind || got.Label != w.label || got.Tokens != w.tokens {
			t.Errorf("item %d = %s %q %d, want %s %q %d", i, got.Kind, got.Label, got.Tokens, w.kind, w.label, w.tokens)
		}
	}
}

// TestItemsOfACutComponentCostWhatWasSent: budgeted, the history is cut
// from its start, so the oldest messages cost nothing, the newest cost
// all they had, and no more is shared out than the component sent.
func TestItemsOfACutComponentCostWhatWasSent(t *testing.T) {
	var history []value.Message
	for i := 0; i < 6; i++ {
		history = append(history, value.Message{Role: "user", Content: testtext.Words(20, "m")})
	}
	in := Input{
		Budget: ContextBudget{TotalWindow: 10_000, ResponseReserve: 1_000, SystemPrompt: 100, ToolDefinitions: 100,
			ConversationHistory: 50, RetrievedContext: 100, ToolResults: 100, UserQuery: 100},
		Tokenizer: testfake.Words{},
		History:   history,
		UserQuery: "q",
	}
	a, err := Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := a.Component(ComponentHistory)
	if !c.Truncated {
		t.Fatalf("history not cut: %+v", c)
	}
	items := itemsOf(a, ComponentHistory)
	// Each line is "user: " plus 20 words: 21 tokens; 50 sent keep the
	// last two lines whole and 8 tokens of the third from the end.
	wantTokens := []int{0, 0, 0, 8, 21, 21}
	sum := 0
	for i, it := range items {
		if it.Raw != 21 || it.Tokens != wantTokens[i] {
			t.Errorf("message %d: %d of %d tokens sent, want %d of 21", i+1, it.Tokens, it.Raw, wantTokens[i])
		}
		sum += it.Tokens
	}
	if sum != c.Used {
		t.Errorf("items sum to %d, the component sent %d", sum, c.Used)
	}
}

// TestToolDefinitionsCountedAsBilled: measured for an OpenAI model, a
// tool costs its part of OpenAI's rendering in the prompt, not its JSON;
// budgeted, it costs its JSON, which the article writes into the system
// message.
func TestToolDefinitionsCountedAsBilled(t *testing.T) {
	bpe, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	weather := json.RawMessage(`{"type": "function", "function": {"name": "get_weather", "description": "Current weather for a city, in degrees Celsius, with wind and rain.",
		"parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}, "unit": {"type": "string", "enum": ["c", "f"]}}, "required": ["city"]}}}`)
	getTime := json.RawMessage(`{"type": "function", "function": {"name": "get_time", "parameters": {"type": "object", "properties": {}}}}`)
	budget, err := Preset("agent_workflow")
	if err != nil {
		t.Fatal(err)
	}
	in := Input{
		Budget:    budget,
		Tokenizer: bpe,
		Model:     "gpt-4o",
		Tools:     []json.RawMessage{weather, getTime},
		UserQuery: "weather in Lyon?",
	}

	in.Mode = MeasureOnly
	a, err := Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	blocks, ok := openAIToolBlocks(string(mustCompact(t, `[`+string(weather)+`,`+string(getTime)+`]`)))
	if !ok {
		t.Fatal("the tools do not render")
	}
	tools := itemsOf(a, ComponentTools)
	if len(tools) != 2 || tools[0].Label != "tool get_weather" || tools[1].Label != "tool get_time" {
		t.Fatalf("tools: %+v", tools)
	}
	component, _ := a.Component(ComponentTools)
	sum := 0
	for i, it := range tools {
		if want := bpe.Count(blocks[i]); it.Tokens != want {
			t.Errorf("measured %s: %d tokens, want %d (its rendering)", it.Label, it.Tokens, want)
		}
		if asJSON := bpe.Count(string(mustCompact(t, string(in.Tools[i])))); it.Tokens == asJSON {
			t.Errorf("measured %s: counted as its JSON (%d)", it.Label, asJSON)
		}
		sum += it.Tokens
	}
	if sum >= component.Used {
		t.Errorf("tools sum to %d, not below the component's %d (the namespace around them)", sum, component.Used)
	}

	in.Mode = Budgeted
	a, err = Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	for i, it := range itemsOf(a, ComponentTools) {
		if want := bpe.Count(string(mustCompact(t, string(in.Tools[i])))); it.Tokens != want {
			t.Errorf("budgeted %s: %d tokens, want %d (its JSON)", it.Label, it.Tokens, want)
		}
	}
}

func mustCompact(t *testing.T, s string) []byte {
	t.Helper()
	text, err := toolsJSON([]json.RawMessage{json.RawMessage(s)})
	if err != nil {
		t.Fatal(err)
	}
	return []byte(text[1 : len(text)-1])
}
