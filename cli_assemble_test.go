package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// hitlCassette is a pydantic-ai cassette of an agent loop with a
// human-in-the-loop tool; it is in the shared corpus, not in this repo.
const hitlCassette = "../shared/corpus/pydantic-ai-llm-requests/test_prefect_agent_with_hitl_tool.yaml"

func needCorpus(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("corpus file absent in CI, where shared/ sits beside the clone: %s", path)
		}
		t.Skipf("corpus file absent: %s", path)
	}
}

// assembleOutput is the part of assemble's JSON the tests read.
type assembleOutput struct {
	Model    string            `json:"model"`
	Messages []json.RawMessage `json:"messages"`
	Tools    json.RawMessage   `json:"tools"`
	Assembly struct {
		Mode       string `json:"mode"`
		Components []struct {
			Name      string `json:"name"`
			Allocated int    `json:"allocated"`
			Raw       int    `json:"raw"`
			Used      int    `json:"used"`
			Truncated bool   `json:"truncated"`
		} `json:"components"`
		Used          int  `json:"used"`
		MaxInput      int  `json:"max_input"`
		Fits          bool `json:"fits"`
		RecordedUsage *struct {
			InputTokens int `json:"input_tokens"`
		} `json:"recorded_usage"`
	} `json:"assembly"`
	Measured *struct {
		Used     int  `json:"used"`
		MaxInput int  `json:"max_input"`
		Fits     bool `json:"fits"`
	} `json:"measured"`
	Metrics struct {
		UseCase           string  `json:"use_case"`
		TotalInputTokens  int     `json:"total_input_tokens"`
		BudgetUtilization float64 `json:"budget_utilization"`
	} `json:"metrics"`
}

func parseAssemble(t *testing.T, stdout string) assembleOutput {
	t.Helper()
	var out assembleOutput
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%.2000s", err, stdout)
	}
	return out
}

func TestAssembleSample(t *testing.T) {
	stdout, stderr, code := run(t, "", "assemble")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"bundled sample", "component", "allocated", "system", "tools", "history", "rag", "tool_results", "query", "labels", "framing", "reserve", "fits", "Memory (priority", "Retrieved context (context_manager", "Messages ("} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(stdout, "\x1b") {
		t.Error("escape character in the report")
	}

	stdout, stderr, code = run(t, "", "assemble", "--format", "json")
	if code != 0 {
		t.Fatalf("json: exit %d: %s", code, stderr)
	}
	out := parseAssemble(t, stdout)
	if out.Model != "gpt-4o" || len(out.Messages) == 0 || out.Assembly.Mode != "budgeted" || !out.Assembly.Fits {
		t.Errorf("model %q, %d messages, mode %q, fits %v", out.Model, len(out.Messages), out.Assembly.Mode, out.Assembly.Fits)
	}
	var names []string
	sum := 0
	for _, c := range out.Assembly.Components {
		names = append(names, c.Name)
		if c.Name != "reserve" {
			sum += c.Used
		}
	}
	if got := strings.Join(names, " "); got != "system tools history rag tool_results query labels framing reserve" {
		t.Errorf("components = %s", got)
	}
	if sum != out.Assembly.Used || out.Metrics.TotalInputTokens != out.Assembly.Used {
		t.Errorf("components add up to %d, used %d, metrics %d", sum, out.Assembly.Used, out.Metrics.TotalInputTokens)
	}
	if out.Measured == nil || out.Measured.Used <= out.Assembly.Used {
		t.Errorf("budgeted assembly lacks the unbudgeted measurement beside it: %+v", out.Measured)
	}
}

func TestAssembleOnlyGivenFlagsOverride(t *testing.T) {
	// The sample scenario lowers the history budget to 2,000; a flag for
	// another component must not reset it to the preset's 4,000.
	stdout, stderr, code := run(t, "", "assemble", "--format", "json", "--rag-budget", "1000", "--memory", "sliding")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	alloc := map[string]int{}
	for _, c := range parseAssemble(t, stdout).Assembly.Components {
		alloc[c.Name] = c.Allocated
	}
	if alloc["history"] != 2000 || alloc["rag"] != 1000 || alloc["system"] != 800 {
		t.Errorf("allocations = %v", alloc)
	}
}

func TestAssembleImportedRequest(t *testing.T) {
	needCorpus(t, hitlCassette)
	stdout, stderr, code := run(t, "", "assemble", "--request", hitlCassette, "--format", "json")
	if code != 0 {
		t.Fatalf("measured: exit %d: %s", code, stderr)
	}
	measured := parseAssemble(t, stdout)
	if measured.Assembly.Mode != "measure" || measured.Measured != nil || measured.Model == "" {
		t.Errorf("measured: mode %q, model %q, measured beside it %v", measured.Assembly.Mode, measured.Model, measured.Measured != nil)
	}
	for _, c := range measured.Assembly.Components {
		if c.Truncated {
			t.Errorf("measured request cut %s", c.Name)
		}
	}
	if len(measured.Tools) == 0 {
		t.Error("a measured request sends its tools beside the messages")
	}

	stdout, stderr, code = run(t, "", "assemble", "--request", hitlCassette, "--preset", "support_chat", "--format", "json")
	if code != 0 {
		t.Fatalf("budgeted: exit %d: %s", code, stderr)
	}
	budgeted := parseAssemble(t, stdout)
	if budgeted.Assembly.Mode != "budgeted" || budgeted.Measured == nil || budgeted.Metrics.UseCase != "support_chat" {
		t.Fatalf("budgeted: mode %q, use case %q, measured beside it %v", budgeted.Assembly.Mode, budgeted.Metrics.UseCase, budgeted.Measured != nil)
	}
	if budgeted.Measured.Used != measured.Assembly.Used {
		t.Errorf("as-sent line %d tokens, the measured run %d", budgeted.Measured.Used, measured.Assembly.Used)
	}

	stdout, stderr, code = run(t, "", "assemble", "--request", hitlCassette, "--preset", "support_chat")
	if code != 0 {
		t.Fatalf("budgeted text: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"As sent (measured, nothing cut)", "Budgeted (support_chat)", "preset support_chat", "Messages ("} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, stdout)
		}
	}
}

// TestAssembleModelSetsTheWindow: --model brings its window from the
// model table, for a request as for a scenario, unless --window is given,
// as the workbench's model control does.
func TestAssembleModelSetsTheWindow(t *testing.T) {
	g4 := writeFile(t, "g4.json", `{"model": "gpt-4", "max_tokens": 1000, "messages": [{"role": "user", "content": "hello there"}]}`)
	cases := []struct {
		args     []string
		maxInput int
	}{
		{[]string{"--request", g4}, 8192 - 1000},
		{[]string{"--request", g4, "--model", "gpt-4o"}, 128_000 - 1000},
		{[]string{"--request", g4, "--model", "gpt-4o", "--window", "20000"}, 20_000 - 1000},
		{[]string{"--model", "gpt-4.1"}, 1_047_576 - 2000},
		{[]string{"--scenario", "sample/scenarios/overflow.yaml", "--mode", "measure", "--model", "gpt-4o"}, 128_000 - 2000},
		{[]string{"--scenario", "sample/scenarios/overflow.yaml", "--mode", "measure", "--model", "gpt-4o", "--window", "16000"}, 16_000 - 2000},
	}
	for _, c := range cases {
		stdout, stderr, code := run(t, "", append([]string{"assemble", "--format", "json"}, c.args...)...)
		if code == 1 {
			t.Fatalf("%v: exit 1: %s", c.args, stderr)
		}
		if got := parseAssemble(t, stdout).Assembly.MaxInput; got != c.maxInput {
			t.Errorf("%v: max input %d, want %d", c.args, got, c.maxInput)
		}
	}
	// A model too small for the scenario's allocations says where the
	// window came from.
	_, stderr, code := run(t, "", "assemble", "--model", "gpt-4")
	if code != 1 || !strings.Contains(stderr, "Budget overflow: 8850 tokens allocated, max input is 6192 (preset support_chat with the options given; --model gpt-4's window is 8192; --window N sets another)") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestAssembleWarnings: settings that assemble but are almost certainly
// a mistake get one line each on stderr; the exit status and the report
// stay as they are.
func TestAssembleWarnings(t *testing.T) {
	noQuery := writeFile(t, "no-query.yaml", "name: no_query\nsystem_prompt: You are helpful.\n")
	const empty = "ctxlab: warning: no user query: the request ends with an empty user message"
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"--scenario", noQuery}, []string{empty}},
		{[]string{"--query", ""}, []string{empty}},
		{[]string{"--query", " ", "--rerank"}, []string{empty + "; reranking has no query to rank against, so the first final-k by retrieval score are kept"}},
		{[]string{"--final-k", "3", "--initial-k", "4"}, []string{"ctxlab: warning: --initial-k has no effect without --rerank", "ctxlab: warning: --final-k has no effect without --rerank"}},
		{[]string{"--rerank", "--initial-k", "5", "--final-k", "50"}, []string{"ctxlab: warning: final-k 50 is more than initial-k 5: reranking keeps at most the 5 documents retrieved (final-k is capped at initial-k)"}},
		{[]string{"--rerank", "--initial-k", "5", "--final-k", "5"}, nil},
	}
	for _, c := range cases {
		stdout, stderr, code := run(t, "", append([]string{"assemble", "--format", "json"}, c.args...)...)
		if code != 0 || len(parseAssemble(t, stdout).Messages) == 0 {
			t.Errorf("%v: exit %d, %d bytes of output", c.args, code, len(stdout))
		}
		want := strings.Join(c.want, "\n")
		if want != "" {
			want += "\n"
		}
		if stderr != want {
			t.Errorf("%v: stderr\n%s\nwant\n%s", c.args, stderr, want)
		}
	}
	// The warning changes nothing else: the same report with or without it.
	quiet, _, _ := run(t, "", "assemble", "--format", "json", "--request-id", "r", "--query", "")
	warned, _, _ := run(t, "", "assemble", "--format", "json", "--request-id", "r", "--query", "", "--final-k", "3")
	if stripTimestamp(quiet) != stripTimestamp(warned) {
		t.Error("a warning changed the report")
	}

	// assemble's --budget is the retrieved-context allocation, and its
	// help says so rather than showing build's default.
	stdout, _, _ := run(t, "", "assemble", "--help")
	if !strings.Contains(stdout, "the retrieved-context allocation, as --rag-budget (default: the scenario's)") || strings.Contains(stdout, "(default 4000)") {
		t.Errorf("assemble --help on --budget:\n%s", stdout)
	}
	if stdout, _, _ := run(t, "", "build", "--help"); !strings.Contains(stdout, "token budget for the context block (default 4000)") {
		t.Error("build --help lost its --budget default")
	}
}

var timestampField = regexp.MustCompile(`"timestamp": "[^"]*"`)

func stripTimestamp(s string) string { return timestampField.ReplaceAllString(s, "") }

var overflowLine = regexp.MustCompile(`^Context exceeds budget: (\d+) > (\d+)\n$`)

func TestAssembleOverflowExits3(t *testing.T) {
	for _, args := range [][]string{
		{"--scenario", "sample/scenarios/overflow.yaml", "--mode", "measure"},
		// Budgeted: every component is cut to 10 tokens, but the query is
		// never cut and the framing has no allocation.
		{"--window", "200", "--reserve", "100", "--system-budget", "10", "--tools-budget", "10", "--history-budget", "10", "--rag-budget", "10", "--tool-results-budget", "10", "--query-budget", "10"},
	} {
		t.Run(strings.Join(args[:2], " "), func(t *testing.T) {
			stdout, stderr, code := run(t, "", append([]string{"assemble", "--format", "json"}, args...)...)
			if code != 3 {
				t.Fatalf("exit %d, want 3; stderr %q", code, stderr)
			}
			m := overflowLine.FindStringSubmatch(stderr)
			if m == nil {
				t.Fatalf("stderr = %q, want exactly one line `Context exceeds budget: X > Y`", stderr)
			}
			out := parseAssemble(t, stdout)
			if out.Assembly.Fits || m[1] != itoa(out.Assembly.Used) || m[2] != itoa(out.Assembly.MaxInput) {
				t.Errorf("stderr %q but JSON used %d, max input %d, fits %v", stderr, out.Assembly.Used, out.Assembly.MaxInput, out.Assembly.Fits)
			}
		})
	}
	// The text report is printed too, and says it does not fit.
	stdout, _, code := run(t, "", "assemble", "--scenario", "sample/scenarios/overflow.yaml", "--mode", "measure")
	if code != 3 || !strings.Contains(stdout, "does not fit") {
		t.Errorf("text: exit %d, report:\n%.1500s", code, stdout)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestAssembleMetricsOutThenMonitor(t *testing.T) {
	log := filepath.Join(t.TempDir(), "metrics.jsonl")
	_, stderr, code := run(t, "", "assemble", "--format", "json", "--metrics-out", log, "--request-id", "req-ok")
	if code != 0 || stderr != "" {
		t.Fatalf("fitting request: exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = run(t, "", "assemble", "--format", "json", "--scenario", "sample/scenarios/overflow.yaml", "--mode", "measure", "--metrics-out", log, "--request-id", "req-over")
	if code != 3 {
		t.Fatalf("overflowing request: exit %d, stderr %q", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "Context budget >90% for support_chat: ") || !strings.HasPrefix(lines[1], "Context exceeds budget: ") {
		t.Errorf("stderr = %q, want the alert then the overflow", stderr)
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	records := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(records) != 2 || !strings.Contains(records[0], `"request_id":"req-ok"`) || !strings.Contains(records[1], `"request_id":"req-over"`) {
		t.Fatalf("metrics log:\n%s", data)
	}

	stdout, stderr, code := run(t, "", "monitor", log)
	if code != 0 {
		t.Fatalf("monitor: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"2 requests", "p50", "p90", "p99", ">100%", "█", "Alerts (utilization above 90%): 1 of 2 requests", "▲ Context budget >90% for support_chat: ", "Truncations", "Per use case", "support_chat"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("monitor report lacks %q:\n%s", want, stdout)
		}
	}
	stdout, _, code = run(t, "", "monitor", log, "--format", "json")
	var report struct {
		Requests     int      `json:"requests"`
		Alerts       int      `json:"alerts"`
		RecentAlerts []string `json:"recent_alerts"`
	}
	if err := json.Unmarshal([]byte(stdout), &report); err != nil || code != 0 {
		t.Fatalf("monitor json: exit %d, %v\n%s", code, err, stdout)
	}
	if report.Requests != 2 || report.Alerts != 1 || len(report.RecentAlerts) != 1 {
		t.Errorf("monitor json = %+v", report)
	}
}

// TestAssembleDocs: assemble takes the workbench's --docs input, so a
// launch with documents, a history and a query can be reproduced headless.
func TestAssembleDocs(t *testing.T) {
	stdout, stderr, code := run(t, "", "assemble", "--docs", "sample/docs/support_kb.jsonl", "--history", "sample/history/support_chat.json",
		"--query", "refund for a damaged tent?", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	out := parseAssemble(t, stdout)
	last := string(out.Messages[len(out.Messages)-1])
	if !strings.Contains(last, `"role": "user"`) || !strings.Contains(last, "refund for a damaged tent?") {
		t.Errorf("the last message is %s", last)
	}
	for _, c := range out.Assembly.Components {
		if (c.Name == "rag" || c.Name == "history") && c.Raw == 0 {
			t.Errorf("no %s from --docs and --history", c.Name)
		}
	}
	// Documents on stdin, a directory one document per paragraph.
	stdout, stderr, code = run(t, twoDocs, "assemble", "--docs", "-", "--query", "refunds?")
	if code != 0 || !strings.Contains(stdout, "2 documents (jsonl) from stdin") {
		t.Errorf("--docs -: exit %d, %s\n%.600s", code, stderr, stdout)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.md"), []byte("Refunds take five business days to reach the card.\n\nExchanges ship the same day they are approved."), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code = run(t, "", "assemble", "--docs", dir, "--per-paragraph", "--query", "refunds?")
	if code != 0 || !strings.Contains(stdout, "2 documents (dir) from") {
		t.Errorf("--per-paragraph: exit %d, %s\n%.600s", code, stderr, stdout)
	}
}

// TestAssembleMetricsOutAppendsSafely: a log whose last record lacks its
// newline gets one before the next record, so monitor still reads it; a
// file that is not a metrics log is refused before anything is printed,
// and left as it was.
func TestAssembleMetricsOutAppendsSafely(t *testing.T) {
	log := filepath.Join(t.TempDir(), "metrics.jsonl")
	if _, stderr, code := run(t, "", "assemble", "--format", "json", "--metrics-out", log, "--request-id", "first"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, _ := os.ReadFile(log)
	if err := os.WriteFile(log, []byte(strings.TrimRight(string(data), "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := run(t, "", "assemble", "--format", "json", "--metrics-out", log, "--request-id", "second"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	stdout, stderr, code := run(t, "", "monitor", log, "--format", "json")
	if code != 0 || !strings.Contains(stdout, `"requests": 2`) {
		t.Errorf("monitor after an append to a log without its newline: exit %d, %s\n%s", code, stderr, stdout)
	}

	for name, content := range map[string]string{
		"picture.png": "\x89PNG\r\n\x1a\n\x00\x00\xff\xfe",
		"notes.txt":   "shopping list\nmilk\n",
	} {
		path := writeFile(t, name, content)
		stdout, stderr, code := run(t, "", "assemble", "--metrics-out", path)
		if code != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 ||
			!strings.HasPrefix(stderr, "ctxlab: --metrics-out "+path+": line ") || !strings.Contains(stderr, "expected a metrics log") {
			t.Errorf("%s: exit %d, stdout %d bytes, stderr %q", name, code, len(stdout), stderr)
		}
		if data, _ := os.ReadFile(path); string(data) != content {
			t.Errorf("%s was changed: %q", name, data)
		}
	}
}

func TestPresetsTable(t *testing.T) {
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
// loaders.LoadBudgetFile.
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

func TestTokensStdin(t *testing.T) {
	text := "The quick brown fox jumps over the lazy dog. {\"order_id\": \"ORD-48213\", \"total\": \"465.46\"}\n"
	stdout, stderr, code := run(t, text, "tokens")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	header := strings.Fields(strings.SplitN(stdout, "\n", 2)[0])
	if strings.Join(header, " ") != "input bytes words heuristic cl100k_base o200k_base heuristic error" {
		t.Errorf("header = %q", header)
	}
	if !strings.Contains(stdout, "stdin") || !strings.Contains(stdout, "%") {
		t.Errorf("report:\n%s", stdout)
	}

	file := writeFile(t, "a.txt", text)
	stdout, _, code = run(t, "", "tokens", file, "--format", "json", "-")
	var out struct {
		Inputs []struct {
			Input     string   `json:"input"`
			Words     int      `json:"words"`
			Heuristic int      `json:"heuristic"`
			CL100K    int      `json:"cl100k_base"`
			O200K     int      `json:"o200k_base"`
			ErrorPct  *float64 `json:"heuristic_error_pct"`
		} `json:"inputs"`
		Total struct {
			Heuristic int `json:"heuristic"`
		} `json:"total"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || code != 0 || len(out.Inputs) != 2 {
		t.Fatalf("json: exit %d, %v\n%s", code, err, stdout)
	}
	in := out.Inputs[0]
	if in.Words != 13 || in.Heuristic != 16 || in.CL100K == 0 || in.O200K == 0 || in.ErrorPct == nil || out.Total.Heuristic != 16 {
		t.Errorf("counts = %+v, total %+v", in, out.Total)
	}
}

func TestAssembleBadInput(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"unknown preset", []string{"--preset", "chat"}, `--preset: unknown preset "chat" (expected one of support_chat, document_qa, code_review, agent_workflow)`},
		{"negative rag budget", []string{"--rag-budget", "-5"}, "--rag-budget -5 is negative"},
		{"allocation above the window", []string{"--rag-budget", "200000"}, "Budget overflow: 207300 tokens allocated, max input is 126000"},
		{"allocation of MaxInt", []string{"--rag-budget", "9223372036854775807"}, "Budget overflow: retrieved_context alone is 9223372036854775807 tokens, max input is 126000"},
		{"allocations summing past MaxInt", []string{"--rag-budget", "4611686018427387904", "--history-budget", "4611686018427387904"}, "Budget overflow: conversation_history alone is 4611686018427387904 tokens"},
		{"allocations summing past a window of MaxInt", []string{"--window", "9223372036854775807", "--reserve", "0", "--rag-budget", "4611686018427387904", "--history-budget", "4611686018427387904"}, "Budget overflow: more than 9223372036854775807 tokens allocated"},
		{"allocation beyond int", []string{"--rag-budget", "9223372036854775808"}, "rag-budget: value out of range"},
		{"bad regex", []string{"--memory", "priority", "--priority-pattern", "ORD-(\\d+"}, `--priority-pattern "ORD-(\\d+" does not compile`},
		{"missing scenario", []string{"--scenario", "/nonexistent/case.yaml"}, "/nonexistent/case.yaml"},
		{"missing request", []string{"--request", "/nonexistent/req.json"}, "/nonexistent/req.json"},
		{"both inputs", []string{"--scenario", "a.yaml", "--request", "b.json"}, "give one input: --docs, --scenario or --request, not --scenario and --request"},
		{"history without docs", []string{"--history", "chat.json"}, "--history goes with --docs"},
		{"interaction without request", []string{"--interaction", "2"}, "--interaction selects"},
		{"unknown memory", []string{"--memory", "lru"}, `--memory: unknown memory strategy "lru"`},
		{"unknown builder", []string{"--builder", "graph"}, `--builder: unknown RAG builder "graph"`},
		{"unknown mode", []string{"--mode", "strict"}, `--mode: unknown assembly mode "strict"`},
		{"bad format", []string{"--format", "xml"}, "expected text or json"},
		{"zero final-k", []string{"--final-k", "0"}, "--final-k 0 is below 1; expected at least 1"},
		{"unknown model", []string{"--model", "llama-3"}, "unknown model"},
		{"stray argument", []string{"scenario.yaml"}, "unexpected argument"},
		{"step without agent steps", []string{"--step", "draft"}, `--step "draft": bundled sample (scenarios/support_chat.yaml) has no agent steps`},
		{"unknown step", []string{"--scenario", "sample/scenarios/agent_workflow.yaml", "--step", "draft"}, `--step "draft": expected one of search_support_tickets, query_orders_db,`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, code := run(t, "", append([]string{"assemble"}, c.args...)...)
			if code != 1 || stdout != "" {
				t.Errorf("exit %d, stdout %q; want 1 and nothing", code, stdout)
			}
			if !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("stderr = %q, want one line containing %q", stderr, c.want)
			}
		})
	}
}

// TestAssembleAgentStep: --step makes the tool results the step's context,
// and both reports say how each required output was cut.
func TestAssembleAgentStep(t *testing.T) {
	args := []string{"assemble", "--scenario", "sample/scenarios/agent_workflow.yaml", "--step", "draft_supplier_ticket", "--tool-results-budget", "1000"}
	stdout, stderr, code := run(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"agent step draft_supplier_ticket",
		"Agent step draft_supplier_ticket (tool results are its context · 1,000 tokens ÷ 4 required = 250 each)",
		"search_support_tickets     582   250  ✂ cut to its share, keeping the start",
		"get_supplier               135   135  whole",
		"Workflow summary: Cracked Ridgeline 2P poles",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the report lacks %q:\n%s", want, stdout)
		}
	}
	stdout, _, code = run(t, "", append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("json: exit %d", code)
	}
	var doc struct {
		Assembly struct {
			AgentStep struct {
				Step  string
				Trace []struct {
					Step      string
					Allowance int
					Kept      int
					Truncated bool
				}
			} `json:"agent_step"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	st := doc.Assembly.AgentStep
	if st.Step != "draft_supplier_ticket" || len(st.Trace) != 4 || st.Trace[0].Allowance != 250 || !st.Trace[0].Truncated || st.Trace[0].Kept > 250 {
		t.Errorf("agent_step %+v", st)
	}
}

func TestAssembleInteractionOutOfRange(t *testing.T) {
	needCorpus(t, hitlCassette)
	stdout, stderr, code := run(t, "", "assemble", "--request", hitlCassette, "--interaction", "99")
	if code != 1 || stdout != "" || !strings.Contains(stderr, "99") || !strings.Contains(stderr, "test_prefect_agent_with_hitl_tool.yaml") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestOtherCommandsBadInput(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"presets", "--validate", "/nonexistent/budgets.yaml"}, "/nonexistent/budgets.yaml"},
		{[]string{"presets", "--format", "csv"}, "expected text or json"},
		{[]string{"tokens", "/nonexistent/a.txt"}, "/nonexistent/a.txt"},
		{[]string{"monitor"}, "no metrics log"},
		{[]string{"monitor", "/nonexistent/m.jsonl"}, "/nonexistent/m.jsonl"},
	}
	for _, c := range cases {
		stdout, stderr, code := run(t, "", c.args...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", c.args, code, stdout, stderr)
		}
	}
	bad := writeFile(t, "m.jsonl", "{\"request_id\": \"x\"}\n")
	_, stderr, code := run(t, "", "monitor", bad)
	if code != 1 || !strings.Contains(stderr, "m.jsonl") {
		t.Errorf("malformed log: exit %d, %q", code, stderr)
	}
}

func TestNewCommandsHelp(t *testing.T) {
	for _, cmd := range []string{"assemble", "presets", "tokens", "monitor"} {
		stdout, _, code := run(t, "", cmd, "--help")
		if code != 0 || !strings.Contains(stdout, "Usage:\n  ctxlab "+cmd) || !strings.Contains(stdout, "Options:") {
			t.Errorf("%s --help: exit %d:\n%s", cmd, code, stdout)
		}
	}
	stdout, _, _ := run(t, "", "--help")
	for _, cmd := range []string{"assemble", "presets", "tokens", "monitor"} {
		if !strings.Contains(stdout, "  "+cmd+" ") {
			t.Errorf("ctxlab --help does not list %s", cmd)
		}
	}
}

func TestAssembleSanitizesRequestText(t *testing.T) {
	req := writeFile(t, "req.json", `{"model": "gpt-4o", "messages": [
		{"role": "system", "content": "be helpful \u001b[2J"},
		{"role": "user", "content": "hi \u001b]0;pwned\u0007 there"}]}`)
	stdout, stderr, code := run(t, "", "assemble", "--request", req)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.ContainsRune(stdout, 0x1b) || strings.ContainsRune(stdout, 0x07) || !strings.Contains(stdout, "hi ␛]0;pwned␇ there") {
		t.Errorf("escape sequence reached the output:\n%q", stdout)
	}
}

func TestAssembleRequestReserveFlagOverridesTheDefault(t *testing.T) {
	path := "../shared/corpus/functionary-tool-chat/test_case.json"
	needCorpus(t, path)
	stdout, stderr, code := run(t, "", "assemble", "--request", path, "--window", "4000", "--reserve", "1000")
	if code != 0 || !strings.Contains(stdout, "reserve 1,000 · max input 3,000") || strings.Contains(stdout, "4,096 tokens reserved") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
	}
}

func TestTokensRejectsInvalidUTF8(t *testing.T) {
	path := writeFile(t, "bad.txt", "fine text \xff then more")
	_, stderr, code := run(t, "", "tokens", path)
	if code != 1 || !strings.Contains(stderr, "bad.txt: byte 10: invalid UTF-8") {
		t.Errorf("exit %d, %q", code, stderr)
	}
}

// TestAssembleMaxTurns: --max-turns sets the reference's format_memory,
// which the JSON reports beside the strategy's history.
func TestAssembleMaxTurns(t *testing.T) {
	stdout, stderr, code := run(t, "", "assemble", "--max-turns", "3", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Assembly struct {
			FormatMemory struct {
				MaxTurns int `json:"max_turns"`
				Lines    []struct{ Index int }
			} `json:"format_memory"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	fm := doc.Assembly.FormatMemory
	if fm.MaxTurns != 3 || len(fm.Lines) != 6 || fm.Lines[0].Index != 24 {
		t.Errorf("format_memory %+v", fm)
	}
	if _, stderr, code := run(t, "", "assemble", "--max-turns", "-1"); code != 1 || !strings.Contains(stderr, "--max-turns -1 is negative") {
		t.Errorf("exit %d, %q", code, stderr)
	}
}

// TestAssembleComparesRecordedUsage: a cassette's recorded usage is
// reported beside the count, in text and JSON; with another model given,
// it is told, not compared.
func TestAssembleComparesRecordedUsage(t *testing.T) {
	cassette := hitlCassette
	needCorpus(t, cassette)
	stdout, stderr, code := run(t, "", "assemble", "--request", cassette)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "Recorded by the provider: 71 input tokens (usage.prompt_tokens) · ctxlab counts 73 as sent, +2 (+3%)") {
		t.Errorf("no comparison:\n%s", stdout)
	}
	stdout, _, _ = run(t, "", "assemble", "--request", cassette, "--format", "json")
	if rec := parseAssemble(t, stdout).Assembly.RecordedUsage; rec == nil || rec.InputTokens != 71 {
		t.Errorf("recorded_usage %+v", rec)
	}
	stdout, _, _ = run(t, "", "assemble", "--request", cassette, "--model", "claude-sonnet-4-5")
	if strings.Contains(stdout, "Recorded by the provider") || !strings.Contains(stdout, "the cassette recorded 71 input tokens for gpt-4o; not compared") {
		t.Errorf("another model's count was compared:\n%s", stdout[:min(len(stdout), 800)])
	}
}
