package window

import (
	"strings"
	"testing"

	"ctxlab/core/tokens"
)

// TestOpenAIResponsesJSONObject: a Responses body's json_object text
// format costs 4 tokens, in the tools' component; a chat body's
// json_object response_format costs nothing.
func TestOpenAIResponsesJSONObject(t *testing.T) {
	tok, err := tokens.NewBPE("o200k_base")
	if err != nil {
		t.Fatal(err)
	}
	for _, tools := range []string{"", `,"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{}}}}]`} {
		body := `{"model":"gpt-4o","messages":[{"role":"user","content":"q"}],"response_format":{"type":"json_object"}` + tools + `}`
		n, err := parseOrderedJSON(body)
		if err != nil {
			t.Fatal(err)
		}
		chat, _ := renderOpenAIPrompt(n, "gpt-4o", false)
		resp, _ := renderOpenAIPrompt(n, "gpt-4o", true)
		c, r := chat.count(tok), resp.count(tok)
		plain, _ := parseOrderedJSON(strings.Replace(body, `,"response_format":{"type":"json_object"}`, "", 1))
		base, _ := renderOpenAIPrompt(plain, "gpt-4o", true)
		b := base.count(tok)
		if got := r.total - b.total; got != 4 {
			t.Errorf("tools %q: Responses json_object adds %d, want %d", tools, got, 4)
		}
		if got := r.components[ComponentTools] - b.components[ComponentTools]; got != 4 {
			t.Errorf("tools %q: the tools' component gains %d, want %d", tools, got, 4)
		}
		chatPlain, _ := renderOpenAIPrompt(plain, "gpt-4o", false)
		if got := c.total - chatPlain.count(tok).total; got != 0 {
			t.Errorf("tools %q: chat json_object adds %d, want 0", tools, got)
		}
		billed, ok := renderBilled(n, "gpt-4o", true)
		if !ok {
			t.Fatal("not rendered")
		}
		sum := billed.FixedTokens(tok)
		for i := 0; i < billed.Len(); i++ {
			sum += billed.MessageTokens(i, tok)
		}
		if sum != r.total {
			t.Errorf("tools %q: split by message adds up to %d, the count is %d", tools, sum, r.total)
		}
	}
}

// TestOpenAIFunctionDescriptionTrailingSpace: a description line keeps
// its trailing space (its indentation alone is removed).
func TestOpenAIFunctionDescriptionTrailingSpace(t *testing.T) {
	body := `{"messages":[{"role":"user","content":"q"}],"tools":[{"type":"function","function":{
		"name":"hand_off","description":"  Hand off the request. ","parameters":{"type":"object","properties":{}}}}]}`
	if got := renderedTools(t, body); !strings.Contains(got, "\n// Hand off the request. \ntype hand_off = () => any;") {
		t.Errorf("rendered:\n%s", got)
	}
}
