package window

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"ctxlab/core/tokens"
)

// The outputs of several calls made in one message are one message from
// multi_tool_use.parallel, a JSON list as Python's json.dumps writes it
// (", " between elements), framed as a tool output plus a token; an
// output that is JSON is its value, others strings; gpt-4o keeps the
// characters beyond ASCII, gpt-4o-mini escapes them. An output of a
// single call stays a message of its own.
func TestOpenAIParallelOutputsOneMessage(t *testing.T) {
	body := `{"messages":[{"role":"user","content":"q"},
		{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"read","arguments":"{}"}},{"id":"c2","type":"function","function":{"name":"read","arguments":"{}"}},{"id":"c4","type":"function","function":{"name":"read","arguments":"{}"}}]},
		{"role":"tool","tool_call_id":"c1","content":"line one\nit’s \"quoted\""},
		{"role":"tool","tool_call_id":"c2","content":"{\"city\":\"Zürich\",\"t\":[1.50,2e20,-0]}"},
		{"role":"tool","tool_call_id":"c4","content":"4"},
		{"role":"assistant","content":null,"tool_calls":[{"id":"c3","type":"function","function":{"name":"read","arguments":"{}"}}]},
		{"role":"tool","tool_call_id":"c3","content":"three"}]}`
	for _, tc := range []struct {
		model, outputs string
	}{
		{"gpt-4o", `["line one\nit’s \"quoted\"", {"city": "Zürich", "t": [1.5, 2e+20, 0]}, 4]`},
		{"gpt-4o-mini", `["line one\nit\u2019s \"quoted\"", {"city": "Z\u00fcrich", "t": [1.5, 2e+20, 0]}, 4]`},
	} {
		n, err := parseOrderedJSON(body)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := renderOpenAIPrompt(n, tc.model, false)
		if !ok {
			t.Fatal("not rendered")
		}
		var got []string
		for _, m := range p.messages {
			got = append(got, fmt.Sprintf("%s +%d | %s", m.header, m.extra, m.content.String()))
		}
		want := []string{
			"user +0 | q",
			`assistant to=multi_tool_use.parallel +0 | {"tool_uses":[{"recipient_name":"functions.read","parameters":{}},{"recipient_name":"functions.read","parameters":{}},{"recipient_name":"functions.read","parameters":{}}]}`,
			"multi_tool_use.parallel +3 | " + tc.outputs,
			`assistant to=functions.read +0 | {}`,
			"functions.read +2 | three",
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s messages:\n%s\nwant:\n%s", tc.model, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// Each output of a parallel call costs what its element adds to the list
// of the outputs before it, the first the message's framing too: the
// outputs add up to the one message, the split follows the list's own
// tokens (a boundary the tokenizer merges counts once), and an output
// costs the same whatever follows it.
func TestOpenAIParallelOutputShares(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	calls := json.RawMessage(`[{"id":"a","type":"function","function":{"name":"f","arguments":"{}"}},{"id":"b","type":"function","function":{"name":"f","arguments":"{}"}},{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]`)
	msgs := []ChatMessage{
		{Role: "user", Content: "Three at once."},
		{Role: "assistant", ToolCalls: calls},
		{Role: "tool", ToolCallID: "a", Content: "It ends with a period."},
		{Role: "tool", ToolCallID: "b", Content: `{"n": 1}`},
		{Role: "tool", ToolCallID: "c", Content: "!!!"},
	}
	b, ok := RenderOpenAIMessages(msgs, nil, "gpt-4o", false)
	if !ok {
		t.Fatal("not rendered")
	}
	merged := b.p.messages[len(b.p.messages)-1]
	if len(merged.members) != 3 {
		t.Fatalf("last message holds %d outputs", len(merged.members))
	}
	whole := countOnce(tok, merged.content.parts...) + promptMessageFrame(&merged, tok)
	sum := 0
	for i := 2; i < len(msgs); i++ {
		sum += b.MessageTokens(i, tok)
		if f := b.MessageFraming(i, tok); (i == 2) != (f > 0) {
			t.Errorf("output %d carries framing %d", i, f)
		}
		alone, ok := RenderOpenAIMessages(msgs[:i+1], nil, "gpt-4o", false)
		if !ok {
			t.Fatal("not rendered")
		}
		if got, want := alone.MessageTokens(i, tok), b.MessageTokens(i, tok); got != want {
			t.Errorf("output %d costs %d without the outputs after it, %d with them", i, got, want)
		}
	}
	if sum != whole {
		t.Errorf("the outputs cost %d, their message %d", sum, whole)
	}
	list := `["It ends with a period.", {"n": 1}, "!!!"]`
	if got := merged.content.String(); got != list {
		t.Fatalf("content %s, want %s", got, list)
	}
	if sum-promptMessageFrame(&merged, tok) != tok.Count(list) {
		t.Errorf("the outputs' contents cost %d, the list %d", sum-promptMessageFrame(&merged, tok), tok.Count(list))
	}
}
