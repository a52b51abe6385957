package request

import (
	"context"
	"strings"
	"testing"
	"time"

	"ctxlab/core"
)

func measuredUsed(t *testing.T, body string) (*core.Scenario, int) {
	t.Helper()
	sc, err := Parse("request.json", []byte(body), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0), SkipFindings: true}, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	return sc, ev.Assembly.Used
}

// TestResponsesBodyCountsLikeItsChatForm: a Responses API body is read
// as the chat request it renders like, and counted as one; what it holds
// that the chat shape has no place for is noted.
func TestResponsesBodyCountsLikeItsChatForm(t *testing.T) {
	responses := `{"model":"gpt-4o","instructions":"Be brief.","input":[
		{"role":"user","content":[{"type":"input_text","text":"Weather in Paris?"}]},
		{"type":"function_call","call_id":"c1","name":"weather","arguments":"{\"city\":\"Paris\"}"},
		{"type":"function_call_output","call_id":"c1","output":"sunny"},
		{"type":"reasoning","summary":[]}],
		"tools":[{"type":"function","name":"weather","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}},{"type":"web_search"}],
		"text":{"format":{"type":"json_schema","name":"out","schema":{"type":"object","properties":{"ok":{"type":"boolean"}}}}}}`
	sc, used := measuredUsed(t, responses)
	if !sc.OpenAIResponses || sc.SystemPrompt != "Be brief." || len(sc.ToolResults) != 2 || len(sc.Tools) != 1 {
		t.Fatalf("read as %+v", sc)
	}
	notes := strings.Join(sc.Notes, "\n")
	for _, want := range []string{"Responses API body", "1 reasoning", "1 tool web_search"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if used <= 0 {
		t.Errorf("counted %d", used)
	}
	if _, err := Parse("request.json", []byte(`{"model":"gpt-4o","input":7}`), Options{}); err == nil {
		t.Error("an input that is a number was read")
	}
}

// TestSystemPromptAloneIsCounted: a body with no user message is a
// request OpenAI bills, and is counted, not refused.
func TestSystemPromptAloneIsCounted(t *testing.T) {
	sc, used := measuredUsed(t, `{"model":"gpt-4o","messages":[{"role":"developer","content":"Classify the text as spam or not."}]}`)
	// 3 to prime the reply, 3 + 1 for the developer role, 9 for the text.
	if sc.SystemPrompt == "" || used != 16 {
		t.Errorf("system prompt %q, counted %d; want 16", sc.SystemPrompt, used)
	}
}
