package window

import (
	"encoding/json"
	"strings"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/internal/chatbody"
)

func TestAnthropicBodyOfAChat(t *testing.T) {
	in := chatInput()
	a := assembleChat(t, in)
	body := a.AnthropicBody("claude-haiku-4-5")
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	if err := chatbody.CheckAnthropic(data); err != nil {
		t.Fatalf("not an Anthropic body: %v\n%s", err, data)
	}
	if body.System != in.SystemPrompt+"\n\n"+articleRAGHeading+in.RetrievedContext || body.MaxTokens != in.Budget.ResponseReserve {
		t.Errorf("system %q, max_tokens %d", body.System, body.MaxTokens)
	}
	// The history alternates from the user's and ends with the assistant,
	// so the query is a turn of its own; then each call and its outputs.
	var roles []string
	for _, m := range body.Messages {
		roles = append(roles, m.Role+":"+blockTypes(m.Content))
	}
	want := "user:text assistant:text user:text assistant:text user:text assistant:text user:text " +
		"assistant:tool_use user:tool_result assistant:tool_use,tool_use user:tool_result,tool_result"
	if got := strings.Join(roles, " "); got != want {
		t.Errorf("turns:\n got %s\nwant %s", got, want)
	}
	if !strings.Contains(string(body.Messages[7].Content[0]), `"input":{}`) || !strings.Contains(string(body.Messages[7].Content[0]), `"name":"look"`) {
		t.Errorf("OpenAI call not converted to tool_use: %s", body.Messages[7].Content[0])
	}
}

func TestAnthropicBodyKeepsAnthropicBlocksAndMergesTurns(t *testing.T) {
	in := chatInput()
	use := `{"type":"tool_use","id":"toolu_1","name":"look","input":{"order":"ORD-1"}}`
	in.History = nil
	in.ToolResults = []ToolResult{
		{Role: "assistant", Content: "looking", ToolCalls: json.RawMessage("[" + use + "]")},
		{Name: "look", Content: "shipped", ToolCallID: "toolu_1"},
		{Content: "a note without a call"},
	}
	a := assembleChat(t, in)
	body := a.AnthropicBody("claude-haiku-4-5")
	data, _ := json.Marshal(body)
	if err := chatbody.CheckAnthropic(data); err != nil {
		t.Fatalf("not an Anthropic body: %v\n%s", err, data)
	}
	if got := string(body.Messages[1].Content[1]); got != use {
		t.Errorf("tool_use block %s, want the request's own %s", got, use)
	}
	// The output and the headed note after it are one user turn.
	if last := body.Messages[len(body.Messages)-1]; last.Role != "user" || blockTypes(last.Content) != "tool_result,text" {
		t.Errorf("last turn %s %s", last.Role, blockTypes(last.Content))
	}
	if !a.SendsAnthropicBody(tokens.ProviderAnthropic) || a.SendsAnthropicBody(tokens.ProviderOpenAI) {
		t.Error("only a chat layout of an Anthropic request is sent as an Anthropic body")
	}
	in.Layout = LayoutArticle
	if article, _ := Assemble(in); article.SendsAnthropicBody(tokens.ProviderAnthropic) {
		t.Error("the article's layout is sent in OpenAI's shape, as the article does")
	}
}

func blockTypes(blocks []json.RawMessage) string {
	types := make([]string, len(blocks))
	for i, b := range blocks {
		var typed struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal(b, &typed)
		types[i] = typed.Type
	}
	return strings.Join(types, ",")
}
