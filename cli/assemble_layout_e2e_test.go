package cli_test

// ctxlab assemble --layout chat: a request body a chat API replays.

import (
	"encoding/json"
	"strings"
	"testing"

	"ctxlab/internal/chatbody"
	"ctxlab/internal/testcorpus"
)

// agentRunCassette is a pydantic-ai agent loop whose third request sends
// two rounds of tool calls, one with two parallel calls.
var agentRunCassette = testcorpus.Path("pydantic-ai-llm-requests/test_complex_agent_run_in_flow.yaml")

// chatMessage is what the test reads of a printed message.
type chatMessage struct {
	Role       string `json:"role"`
	ToolCallID string `json:"tool_call_id"`
	ToolCalls  []struct {
		ID string `json:"id"`
	} `json:"tool_calls"`
}

func assembleChatJSON(t *testing.T, args ...string) (layout string, messages []chatMessage, tools json.RawMessage) {
	t.Helper()
	args = append([]string{"assemble", "--layout", "chat", "--format", "json"}, args...)
	stdout, stderr, code := run(t, "", args...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	if err := chatbody.CheckOpenAI([]byte(stdout)); err != nil {
		t.Errorf("%v: not an OpenAI Chat Completions body: %v", args, err)
	}
	var out struct {
		Messages []chatMessage   `json:"messages"`
		Tools    json.RawMessage `json:"tools"`
		Assembly struct {
			Layout string `json:"layout"`
		} `json:"assembly"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	return out.Assembly.Layout, out.Messages, out.Tools
}

func TestAssembleChatLayoutReplaysAnAgentLoop(t *testing.T) {
	t.Parallel()
	layout, messages, tools := assembleChatJSON(t, "--request", agentRunCassette, "--interaction", "3")
	if layout != "chat" {
		t.Errorf("assembly.layout %q, want chat (--layout alone budgets an imported request)", layout)
	}
	var sequence []string
	for _, m := range messages {
		sequence = append(sequence, m.Role)
	}
	if got := strings.Join(sequence, " "); got != "user assistant tool assistant tool tool" {
		t.Errorf("messages %s, want the query then each call with its outputs", got)
	}
	if len(tools) == 0 {
		t.Error("the chat layout sends the tools beside the messages")
	}

	// The newest round alone is more than 40 tokens as billed: nothing older may
	// be sent without it, so no call and no output is left.
	_, messages, _ = assembleChatJSON(t, "--request", agentRunCassette, "--interaction", "3", "--tool-results-budget", "40")
	if len(messages) != 1 || messages[0].Role != "user" {
		t.Errorf("with 40 tokens for tool results: %+v, want the query alone", messages)
	}
}

func TestAssembleChatLayoutOnTheSample(t *testing.T) {
	t.Parallel()
	layout, messages, _ := assembleChatJSON(t, "--history-budget", "300")
	if layout != "chat" || len(messages) < 4 || messages[0].Role != "system" {
		t.Errorf("layout %q, messages %+v", layout, messages)
	}
	stdout, stderr, code := run(t, "", "assemble", "--layout", "chat", "--history-budget", "300")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"budgeted · chat layout", "oldest messages dropped whole to fit the allocation"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, stdout)
		}
	}
	_, stderr, code = run(t, "", "assemble", "--layout", "folded")
	if code == 0 || !strings.Contains(stderr, `--layout: unknown assembly layout "folded" (expected article or chat)`) {
		t.Errorf("--layout folded: exit %d, %s", code, stderr)
	}
}

// parallelCallsCassette is a pydantic-ai run against Anthropic whose
// second request answers four parallel tool_use blocks.
var parallelCallsCassette = testcorpus.Path("pydantic-ai-llm-requests/test_multiple_parallel_tool_calls.yaml")

func TestAssembleChatLayoutOfAnAnthropicRequest(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble", "--request", parallelCallsCassette, "--interaction", "2", "--layout", "chat", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if err := chatbody.CheckAnthropic([]byte(stdout)); err != nil {
		t.Errorf("not an Anthropic Messages body: %v", err)
	}
	var out struct {
		System   string `json:"system"`
		Messages []struct {
			Role    string `json:"role"`
			Content []struct {
				Type string `json:"type"`
			} `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	var turns []string
	for _, m := range out.Messages {
		types := make([]string, len(m.Content))
		for i, b := range m.Content {
			types[i] = b.Type
		}
		turns = append(turns, m.Role+":"+strings.Join(types, ","))
	}
	want := "user:text assistant:text,tool_use,tool_use,tool_use,tool_use user:tool_result,tool_result,tool_result,tool_result"
	if got := strings.Join(turns, " "); got != want || !strings.Contains(out.System, "retrieve_entity_info") {
		t.Errorf("turns %s (want %s), system %q", got, want, out.System)
	}
}
