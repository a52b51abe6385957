package scenario

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/core/window"
	"ctxlab/loaders"
	"ctxlab/loaders/internal/loadertest"
)

func TestParseBudgetFile(t *testing.T) {
	const text = `# Our budgets.
presets:
  long_chat:
    total_window: 200000
    system_prompt: 1000
    tool_definitions: 1000
    conversation_history: 20000
    retrieved_context: 8000
    tool_results: 2000
    user_query: 1000
    response_reserve: 4000
  long_chat_rag:
    extends: long_chat
    retrieved_context: 30000
support_chat:
  extends: support_chat
  retrieved_context: 6000
`
	set, err := ParseBudgetFile("budgets.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	long := window.ContextBudget{TotalWindow: 200_000, SystemPrompt: 1000, ToolDefinitions: 1000, ConversationHistory: 20_000,
		RetrievedContext: 8000, ToolResults: 2000, UserQuery: 1000, ResponseReserve: 4000}
	longRAG := long
	longRAG.RetrievedContext = 30_000
	support, _ := window.Preset(window.PresetSupportChat)
	support.RetrievedContext = 6000
	want := window.PresetSet{"long_chat": long, "long_chat_rag": longRAG, "support_chat": support}
	if len(set) != len(want) {
		t.Fatalf("got %d presets: %v", len(set), set.Names())
	}
	for name, b := range want {
		if set[name] != b {
			t.Errorf("%s = %+v, want %+v", name, set[name], b)
		}
	}
	// The CLI merges the file over the built-ins.
	merged := window.MergePresets(window.BuiltinPresets(), set)
	if merged[window.PresetSupportChat].RetrievedContext != 6000 || len(merged) != 6 {
		t.Errorf("merged: %v", merged.Names())
	}
}

// Extending a preset defined later in the file works: order does not
// matter, only cycles do.
func TestBudgetFileExtendsLaterPreset(t *testing.T) {
	set, err := ParseBudgetFile("b.yaml", []byte("small: {extends: base, tool_results: 100}\nbase: {extends: document_qa, total_window: 64000}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if b := set["small"]; b.TotalWindow != 64_000 || b.ToolResults != 100 || b.RetrievedContext != 8000 {
		t.Errorf("small = %+v", b)
	}
}

func TestBudgetFileBadInput(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"unknown key", "presets:\n  mine:\n    extends: support_chat\n    retreived_context: 9000\n",
			`b.yaml: line 4, column 5: unknown key "retreived_context" in preset "mine" (did you mean "retrieved_context"?); expected one of extends, total_window,`},
		{"negative", "mine: {extends: support_chat, user_query: -1}\n",
			`b.yaml: line 1, column 43: preset "mine" user_query is negative (-1); expected 0 or more tokens`},
		{"overflow names file, line and preset", "presets:\n  tiny:\n    extends: support_chat\n    total_window: 8000\n",
			`b.yaml: line 2, column 3: preset "tiny": Budget overflow: 12300 tokens allocated, max input is 6000`},
		{"reserve over window", "x: {total_window: 1000, response_reserve: 1000}\n",
			`b.yaml: line 1, column 1: preset "x": the response reserve of 1,000 leaves no room in a 1,000-token window`},
		{"unknown base", "x: {extends: chat}\n",
			`b.yaml: line 1, column 14: preset "x" extends "chat", which is neither built in nor defined in this file (built-in: support_chat, document_qa, code_review, agent_workflow)`},
		{"cycle", "a: {extends: b}\nb: {extends: a}\n", `extends forms a cycle: a → b → a`},
		{"extends itself, no built-in of that name", "mine: {extends: mine, system_prompt: 5}\n",
			`b.yaml: line 1, column 17: preset "mine" extends itself, and no built-in preset has that name; expected a built-in (support_chat, document_qa, code_review, agent_workflow) or another preset of this file`},
		{"no window, no base", "x: {system_prompt: 100}\n",
			`b.yaml: line 1, column 1: preset "x" has no total_window; give the whole budget or extends: a preset`},
		{"not a number", "x: {extends: support_chat, tool_results: many}\n", `preset "x" tool_results is the string "many"; expected a whole number`},
		{"defined twice", "presets:\n  x: {total_window: 1000}\nx: {total_window: 2000}\n", `b.yaml: line 3, column 1: preset "x" is defined twice (first on line 2)`},
		{"preset not a mapping", "x: 5\n", `preset "x" is the number 5; expected a mapping of extends, total_window`},
		{"presets not a mapping", "presets: [a]\n", "presets is a list; expected a mapping"},
		{"no presets", "presets: {}\n", "b.yaml: defines no presets"},
		{"malformed", "x: {total_window: 1000\n", "invalid YAML"},
		{"not a mapping", "- x\n", "the budget file is a list; expected a mapping"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseBudgetFile("b.yaml", []byte(tt.text))
			if err == nil {
				t.Fatal("no error")
			}
			loadertest.AssertOneLineError(t, err)
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got  %s\nwant %s", err, tt.want)
			}
		})
	}
}

func TestLoadBudgetFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "budgets.yaml")
	if err := os.WriteFile(path, []byte("support_chat: {extends: support_chat, user_query: 800}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := LoadBudgetFile(path)
	if err != nil || set["support_chat"].UserQuery != 800 {
		t.Errorf("%v %+v", err, set)
	}
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadBudgetFile(path); !errors.Is(err, loaders.ErrEmpty) {
		t.Errorf("empty file: %v", err)
	}
	if _, err := LoadBudgetFile(filepath.Join(t.TempDir(), "none.yaml")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
