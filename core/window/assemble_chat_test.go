package window

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"ctxlab/core/internal/testfake"
	"ctxlab/core/value"
	"ctxlab/internal/chatbody"
)

// chatInput is an agent turn counted in words: six 3-word history
// messages, then after the query two tool-call units, the first of 4
// tokens (the compact call is one word, "o1 o2 o3" three), the second of
// 5 (one call word, two 2-word outputs).
func chatInput() Input {
	in := Input{
		Budget: ContextBudget{TotalWindow: 1000, SystemPrompt: 100, ToolDefinitions: 100, ConversationHistory: 100,
			RetrievedContext: 100, ToolResults: 100, UserQuery: 100, ResponseReserve: 10},
		Tokenizer: testfake.Words{}, Layout: LayoutChat,
		SystemPrompt: "sys one two",
		Tools: []json.RawMessage{
			json.RawMessage(`{"type": "function", "function": {"name": "look", "description": "find an order by its number"}}`),
			json.RawMessage(`{"type": "function", "function": {"name": "ship", "description": "track a parcel"}}`),
		},
		RetrievedContext: "r1 r2 r3 r4",
		UserQuery:        "q1 q2",
		ToolResults: []ToolResult{
			{Role: "assistant", ToolCalls: json.RawMessage(`[{"id":"c1","type":"function","function":{"name":"look","arguments":"{}"}}]`)},
			{Name: "look", Content: "o1 o2 o3", ToolCallID: "c1"},
			{Role: "assistant", ToolCalls: json.RawMessage(`[{"id":"c2","type":"function","function":{"name":"ship","arguments":"{}"}},` +
				`{"id":"c3","type":"function","function":{"name":"ship","arguments":"{}"}}]`)},
			{Name: "ship", Content: "p1 p2", ToolCallID: "c2"},
			{Name: "ship", Content: "p3 p4", ToolCallID: "c3"},
		},
	}
	for i := range 6 {
		role := []string{"user", "assistant"}[i%2]
		in.History = append(in.History, value.Message{Role: role, Content: fmt.Sprintf("m%d a b", i+1)})
	}
	return in
}

func assembleChat(t *testing.T, in Input) *Assembly {
	t.Helper()
	a, err := Assemble(in)
	if err != nil {
		t.Fatalf("Assemble: %v", err)
	}
	if a.Layout != LayoutChat {
		t.Fatalf("layout %q, want chat", a.Layout)
	}
	return a
}

// checkReplayable holds the assembly to what OpenAI's API takes.
func checkReplayable(t *testing.T, a *Assembly) {
	t.Helper()
	body := map[string]any{"model": "gpt-4o", "messages": a.Messages}
	if len(a.Tools) > 0 {
		body["tools"] = a.Tools
	}
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	if err := chatbody.CheckOpenAI(data); err != nil {
		t.Errorf("not a valid OpenAI body: %v\n%s", err, data)
	}
}

func roles(messages []ChatMessage) string {
	out := make([]string, len(messages))
	for i, m := range messages {
		out[i] = m.Role
		if m.ToolCallID != "" {
			out[i] += ":" + m.ToolCallID
		}
	}
	return strings.Join(out, " ")
}

func TestChatLayoutKeepsOrderAndRoles(t *testing.T) {
	in := chatInput()
	a := assembleChat(t, in)
	want := "system system user assistant user assistant user assistant user assistant tool:c1 assistant tool:c2 tool:c3"
	if got := roles(a.Messages); got != want {
		t.Errorf("roles:\n got %s\nwant %s", got, want)
	}
	for i, m := range in.History {
		if got := a.Messages[2+i]; got.Role != m.Role || got.Content != m.Content {
			t.Errorf("history message %d sent as %+v, want %+v", i+1, got, m)
		}
	}
	if a.Messages[0].Content != in.SystemPrompt || a.Messages[1].Content != articleRAGHeading+in.RetrievedContext ||
		a.Messages[8].Content != in.UserQuery {
		t.Errorf("system, context or query not sent as given: %#v", a.Messages[:9])
	}
	var tools []json.RawMessage
	if err := json.Unmarshal(a.Tools, &tools); err != nil || len(tools) != 2 {
		t.Errorf("tools array %s (%v), want both definitions", a.Tools, err)
	}
	if !strings.Contains(a.Messages[0].Content, "sys") || strings.Contains(a.Messages[0].Content, "Available tools") {
		t.Errorf("the tools belong in the tools array, not the system message: %q", a.Messages[0].Content)
	}
	checkReplayable(t, a)
}

func TestChatLayoutDropsOldestWholeMessages(t *testing.T) {
	in := chatInput()
	in.Budget.ConversationHistory = 7 // two 3-word messages fit, a third does not
	a := assembleChat(t, in)
	var sent []ChatMessage
	for _, m := range a.Messages[2:] {
		if m.Content == in.UserQuery {
			break
		}
		sent = append(sent, m)
	}
	want := []ChatMessage{{Role: "user", Content: "m5 a b"}, {Role: "assistant", Content: "m6 a b"}}
	if !reflect.DeepEqual(sent, want) {
		t.Errorf("history sent %#v, want the two newest whole: %#v", sent, want)
	}
	h, _ := a.Component(ComponentHistory)
	if h.Raw != 18 || h.Used != 6 || !h.Truncated || h.Over {
		t.Errorf("history report %+v, want raw 18, used 6, cut, not over", h)
	}
	if !strings.Contains(h.Note, "4 messages, 12 tokens") {
		t.Errorf("history note %q does not say what was dropped", h.Note)
	}
	if h.Text != HistoryText(in.History[4:]) {
		t.Errorf("history text %q, want the two newest", h.Text)
	}
	checkReplayable(t, a)
}

func TestChatLayoutKeepsToolCallWithResults(t *testing.T) {
	cases := []struct {
		allocation int
		want       string // the messages after the query
	}{
		{100, "assistant tool:c1 assistant tool:c2 tool:c3"},
		{9, "assistant tool:c1 assistant tool:c2 tool:c3"},
		{8, "assistant tool:c2 tool:c3"}, // the older call goes with its output
		{5, "assistant tool:c2 tool:c3"},
		{4, ""}, // the newest call and its two outputs are 5: nothing older may jump the gap
		{0, ""},
	}
	for _, c := range cases {
		in := chatInput()
		in.Budget.ToolResults = c.allocation
		a := assembleChat(t, in)
		if got := roles(a.Messages[9:]); got != c.want {
			t.Errorf("allocation %d: after the query %q, want %q", c.allocation, got, c.want)
		}
		r, _ := a.Component(ComponentToolResults)
		if r.Used > c.allocation {
			t.Errorf("allocation %d: tool results use %d", c.allocation, r.Used)
		}
		checkReplayable(t, a)
	}
}

func TestChatLayoutKeepsHistoryToolOutputWithItsCall(t *testing.T) {
	in := chatInput()
	in.History = []value.Message{
		{Role: "user", Content: "where is it"},
		{Role: "assistant", Content: `calling [{"name":"look"}]`},
		{Role: "tool", Content: "in transit"},
		{Role: "user", Content: "thanks"},
	}
	in.Budget.ConversationHistory = 4 // "thanks" and "tool: in transit" would fit, without their call
	a := assembleChat(t, in)
	if got := roles(a.Messages[2:4]); got != "user user" || a.Messages[2].Content != "thanks" {
		t.Errorf("history sent %#v, want only the last message", a.Messages[2:4])
	}
	in.Budget.ConversationHistory = 6
	a = assembleChat(t, in)
	want := []ChatMessage{
		{Role: "assistant", Content: `calling [{"name":"look"}]`},
		{Role: "user", Content: "tool: in transit"}, // a history output has no call id to answer
		{Role: "user", Content: "thanks"},
	}
	if !reflect.DeepEqual(a.Messages[2:5], want) {
		t.Errorf("history sent %#v, want %#v", a.Messages[2:5], want)
	}
	checkReplayable(t, a)
}

func TestChatLayoutNeverDropsTheSystemMessage(t *testing.T) {
	for _, allocation := range []int{0, 1, 3} {
		in := chatInput()
		in.Budget.SystemPrompt = allocation
		a := assembleChat(t, in)
		if !reflect.DeepEqual(a.Messages[0], ChatMessage{Role: "system", Content: in.SystemPrompt}) {
			t.Errorf("allocation %d: first message %+v, want the whole system prompt", allocation, a.Messages[0])
		}
		s, _ := a.Component(ComponentSystem)
		if s.Used != 3 || s.Truncated || s.Over != (allocation < 3) {
			t.Errorf("allocation %d: system report %+v", allocation, s)
		}
		if s.Over && !strings.Contains(s.Note, "never cut") {
			t.Errorf("allocation %d: an over system prompt needs its reason: %q", allocation, s.Note)
		}
	}
}

func TestChatLayoutRespectsEveryAllocation(t *testing.T) {
	cut := map[string]func(*ContextBudget) *int{
		ComponentTools:       func(b *ContextBudget) *int { return &b.ToolDefinitions },
		ComponentHistory:     func(b *ContextBudget) *int { return &b.ConversationHistory },
		ComponentRAG:         func(b *ContextBudget) *int { return &b.RetrievedContext },
		ComponentToolResults: func(b *ContextBudget) *int { return &b.ToolResults },
	}
	for name, field := range cut {
		for allocation := 0; allocation <= 40; allocation++ {
			in := chatInput()
			*field(&in.Budget) = allocation
			a := assembleChat(t, in)
			c, _ := a.Component(name)
			if c.Used > allocation || c.Over {
				t.Errorf("%s allocation %d: used %d", name, allocation, c.Used)
			}
			if c.Truncated != (c.Used < c.Raw) {
				t.Errorf("%s allocation %d: truncated %v with %d of %d", name, allocation, c.Truncated, c.Used, c.Raw)
			}
			checkReplayable(t, a)
		}
	}
}

func TestChatLayoutToolsKeepWholeDefinitions(t *testing.T) {
	in := chatInput()
	whole := assembleChat(t, in)
	tools, _ := whole.Component(ComponentTools)
	in.Budget.ToolDefinitions = tools.Used - 1
	a := assembleChat(t, in)
	var sent []json.RawMessage
	if err := json.Unmarshal(a.Tools, &sent); err != nil || len(sent) != 1 {
		t.Fatalf("tools %s (%v), want the first definition alone", a.Tools, err)
	}
	if !strings.Contains(string(sent[0]), `"look"`) {
		t.Errorf("kept %s, want the first definition", sent[0])
	}
	c, _ := a.Component(ComponentTools)
	if !strings.Contains(c.Note, "1 of 2 definitions kept whole") {
		t.Errorf("tools note %q", c.Note)
	}
}

func TestChatLayoutHeadsAnOutputThatAnswersNoCall(t *testing.T) {
	in := chatInput()
	in.ToolResults = []ToolResult{{Name: "lookup", Content: "x1 x2", ToolCallID: "gone"}, {Content: "y1"}}
	a := assembleChat(t, in)
	want := []ChatMessage{
		{Role: "system", Content: articleResultsHeading + "lookup: x1 x2"},
		{Role: "system", Content: articleResultsHeading + "y1"},
	}
	if !reflect.DeepEqual(a.Messages[9:], want) {
		t.Errorf("after the query %#v, want %#v", a.Messages[9:], want)
	}
	r, _ := a.Component(ComponentToolResults)
	labels, _ := a.Component(ComponentLabels)
	if r.Used != 4 || labels.Used != 3*2 { // "Tool results:" is 2 words, twice, and "Relevant context:" 2
		t.Errorf("tool results %d, labels %d", r.Used, labels.Used)
	}
	checkReplayable(t, a)
}

func TestArticleLayoutIsTheDefault(t *testing.T) {
	in := chatInput()
	in.Layout = ""
	byDefault, err := Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	in.Layout = LayoutArticle
	article, err := Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	if byDefault.Layout != LayoutArticle || !reflect.DeepEqual(byDefault.Messages, article.Messages) {
		t.Errorf("no layout gave %q: %#v", byDefault.Layout, byDefault.Messages)
	}
	in.Mode = MeasureOnly
	if measured, _ := Assemble(in); measured.Layout != "" {
		t.Errorf("a measured request keeps its own layout, got %q", measured.Layout)
	}
}

func TestParseLayout(t *testing.T) {
	for _, l := range Layouts.Values {
		if got, err := Layouts.Parse(string(l)); got != l || err != nil {
			t.Errorf("Layouts.Parse(%q) = %q, %v", l, got, err)
		}
	}
	if _, err := Layouts.Parse("folded"); err == nil || !strings.Contains(err.Error(), "expected article or chat") {
		t.Errorf("Layouts.Parse(folded) = %v", err)
	}
	in := chatInput()
	in.Layout = "folded"
	if _, err := Assemble(in); err == nil {
		t.Error("Assemble took an unknown layout")
	}
}
