package cli_test

// ctxlab presets and budget files, end to end.

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestPresetsTable(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "presets")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(stdout, "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			rows[f[0]] = strings.Join(f[1:], " ")
		}
	}
	want := map[string]string{
		// window system tools history rag tool-results query reserve allocated max-input slack
		"support_chat":   "128,000 800 2,000 4,000 3,000 2,000 500 2,000 12,300 126,000 113,700",
		"document_qa":    "128,000 500 0 2,000 8,000 0 1,000 4,000 11,500 124,000 112,500",
		"agent_workflow": "128,000 1,000 4,000 3,000 4,000 6,000 500 3,000 18,500 125,000 106,500",
	}
	for name, w := range want {
		if rows[name] != w {
			t.Errorf("%s row = %q, want %q", name, rows[name], w)
		}
	}
	// The components are headed as the workbench names them, the one
	// abbreviation explained.
	if rows["preset"] != "window system tools history RAG tool results query reserve allocated max input slack" ||
		!strings.Contains(stdout, "RAG is the retrieved context;") {
		t.Errorf("header or its note:\n%s", stdout)
	}
	if _, ok := rows["code_review"]; !ok || !strings.Contains(stdout, "tool results") || !strings.Contains(stdout, "max input") {
		t.Errorf("table:\n%s", stdout)
	}
	stdout, _, code = run(t, "", "presets", "--format", "json")
	var list []struct {
		Name      string `json:"name"`
		Allocated int    `json:"allocated"`
	}
	if err := json.Unmarshal([]byte(stdout), &list); err != nil || code != 0 || len(list) != 4 || list[0].Name != "support_chat" || list[0].Allocated != 12300 {
		t.Errorf("json: exit %d, %v, %+v", code, err, list)
	}
}

// goodBudgetFile and badBudgetFile use the budget file format of
// scenario.LoadBudgetFile.
const goodBudgetFile = `presets:
  team_chat:
    total_window: 32000
    system_prompt: 600
    tool_definitions: 1000
    conversation_history: 3000
    retrieved_context: 4000
    tool_results: 1000
    user_query: 400
    response_reserve: 2000
  support_chat:
    total_window: 16000
    system_prompt: 800
    tool_definitions: 2000
    conversation_history: 4000
    retrieved_context: 3000
    tool_results: 2000
    user_query: 500
    response_reserve: 2000
`

const badBudgetFile = `presets:
  greedy:
    total_window: 8000
    system_prompt: 800
    tool_definitions: 2000
    conversation_history: 4000
    retrieved_context: 3000
    tool_results: 2000
    user_query: 500
    response_reserve: 2000
`

func TestPresetsValidateAndBudgetFile(t *testing.T) {
	t.Parallel()
	good := writeFile(t, "budgets.yaml", goodBudgetFile)
	stdout, stderr, code := run(t, "", "presets", "--validate", good)
	if code != 0 || stdout != good+": 2 presets valid\n" {
		t.Errorf("good file: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	bad := writeFile(t, "bad.yaml", badBudgetFile)
	stdout, stderr, code = run(t, "", "presets", "--validate", bad)
	if code != 1 || stdout != "" || !strings.Contains(stderr, bad) || !strings.Contains(stderr, "greedy") ||
		!strings.Contains(stderr, "Budget overflow: 12300 tokens allocated, max input is 6000") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("bad file: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	// A file name carrying escape sequences is named once, in safetext's
	// inert form, like every other input in an error.
	evil := writeFile(t, "e\x1b]0;pwned\x07\x1b[31mred.yaml", "presets:\n  x: [1\n")
	_, stderr, code = run(t, "", "presets", "--validate", evil)
	shown := strings.ReplaceAll(strings.ReplaceAll(evil, "\x1b", "␛"), "\x07", "␇")
	if code != 1 || stderr != "ctxlab: "+shown+": line 1: invalid YAML: did not find expected ',' or ']'\n" {
		t.Errorf("escaped name: exit %d, stderr %q", code, stderr)
	}

	stdout, stderr, code = run(t, "", "presets", "--budget-file", good)
	if code != 0 || !strings.Contains(stdout, "team_chat *") || !strings.Contains(stdout, "support_chat *") {
		t.Errorf("--budget-file: exit %d, stderr %q:\n%s", code, stderr, stdout)
	}
	// assemble picks a budget file's preset by name.
	stdout, stderr, code = run(t, "", "assemble", "--budget-file", good, "--preset", "team_chat", "--format", "json")
	if code != 0 {
		t.Fatalf("assemble --preset team_chat: exit %d: %s", code, stderr)
	}
	if out := parseAssemble(t, stdout); out.Assembly.MaxInput != 30000 || out.Metrics.UseCase != "team_chat" {
		t.Errorf("max input %d, use case %q", out.Assembly.MaxInput, out.Metrics.UseCase)
	}
}
