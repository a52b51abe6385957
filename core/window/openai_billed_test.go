package window

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"ctxlab/core/tokens"
)

// Over every recorded OpenAI chat request, the billed split adds up:
// FixedTokens plus each message's MessageTokens is the rendered prompt's
// count, which is what the request was billed; and a message counted
// alone (a tool output after the call it answers) costs what it costs
// in its request.
func TestOpenAIBilledSplitAddsUp(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	checked, withTools, joined := 0, 0, 0
	for _, file := range []string{"testdata/billed/openai_chat.jsonl", "testdata/billed/crewai_openai_chat.jsonl", "testdata/billed/openllmetry_openai_chat.jsonl"} {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 16<<20)
		for line := 1; sc.Scan(); line++ {
			var rec struct {
				Model string          `json:"model"`
				Body  json.RawMessage `json:"body"`
			}
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
				t.Fatalf("%s:%d: %v", file, line, err)
			}
			b, ok := RenderOpenAIBilled(string(rec.Body), rec.Model, false)
			if !ok {
				continue
			}
			checked++
			if b.tools >= 0 || len(b.p.toolBlocks) > 0 {
				withTools++
			}
			sum := b.FixedTokens(tok)
			for i := range b.Len() {
				sum += b.MessageTokens(i, tok)
				for _, j := range b.rendered[i] {
					if b.p.messages[j.msg].toolsFrom >= 0 {
						joined++
					}
				}
			}
			if want := b.p.count(tok).total; sum != want {
				t.Errorf("%s:%d: fixed + messages = %d, the prompt counts %d", file, line, sum, want)
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 20 || withTools == 0 || joined == 0 {
		t.Fatalf("checked %d requests, %d with tools, %d with tools joined to the system message", checked, withTools, joined)
	}
}

// A tool output counted in a request of its own, after the call it
// answers, costs what it costs among its request's messages; a parallel
// call's wrapper is its message's own, and each of its outputs, which
// are one message, costs what it adds to the outputs before it.
func TestOpenAIBilledMessageAlone(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	calls := json.RawMessage(`[{"id":"c1","type":"function","function":{"name":"get_weather","arguments":"{\"city\": \"Paris\"}"}},{"id":"c2","type":"function","function":{"name":"get_time","arguments":"{}"}}]`)
	msgs := []ChatMessage{
		{Role: "system", Content: "You help."},
		{Role: "user", Content: "Weather and time in Paris?"},
		{Role: "assistant", Content: "Checking.", ToolCalls: calls},
		{Role: "tool", ToolCallID: "c1", Content: "sunny"},
		{Role: "tool", ToolCallID: "c2", Content: "noon"},
	}
	tools := []json.RawMessage{json.RawMessage(`{"type":"function","function":{"name":"get_weather","parameters":{"type":"object","properties":{"city":{"type":"string"}}}}}`)}
	whole, ok := RenderOpenAIMessages(msgs, tools, "gpt-4o", false)
	if !ok {
		t.Fatal("not rendered")
	}
	for i, m := range msgs {
		alone, at := []ChatMessage{m}, 0
		if m.Role == "tool" {
			// The outputs of a parallel call are one message: an output
			// comes with its call and the outputs before it.
			alone, at = msgs[2:i+1], i-2
		}
		b, ok := RenderOpenAIMessages(alone, nil, "gpt-4o", false)
		if !ok {
			t.Fatal("not rendered")
		}
		if got, want := b.MessageTokens(at, tok), whole.MessageTokens(i, tok); got != want {
			t.Errorf("message %d alone costs %d, in the request %d", i, got, want)
		}
	}
	if first, second := whole.MessageFraming(3, tok), whole.MessageFraming(4, tok); first <= promptPerMessage+promptToolOutputExtra || second != 0 {
		t.Errorf("the outputs' framing is %d and %d: not the one message's, with the first", first, second)
	}
}
