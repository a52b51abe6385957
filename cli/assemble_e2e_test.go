package cli_test

// ctxlab assemble, end to end, on scenarios and documents.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

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
		Used          int    `json:"used"`
		MaxInput      int    `json:"max_input"`
		Fits          bool   `json:"fits"`
		BudgetProblem string `json:"budget_problem"`
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
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"bundled sample", "component", "allocated", "system prompt", "tool definitions", "conversation history", "retrieved context", "tool results", "user query", "assembler's headings", "message framing", "response reserve", "fits", "Memory (priority", "Retrieved context (context_manager", "Messages ("} {
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
	t.Parallel()
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

// TestAssembleModelSetsTheWindow: --model brings its window from the
// model table, for a request as for a scenario, unless --window is given,
// as the workbench's model control does.
func TestAssembleModelSetsTheWindow(t *testing.T) {
	t.Parallel()
	g4 := writeFile(t, "g4.json", `{"model": "gpt-4", "max_tokens": 1000, "messages": [{"role": "user", "content": "hello there"}]}`)
	cases := []struct {
		args     []string
		maxInput int
	}{
		{[]string{"--request", g4}, 8192 - 1000},
		{[]string{"--request", g4, "--model", "gpt-4o"}, 128_000 - 1000},
		{[]string{"--request", g4, "--model", "gpt-4o", "--window", "20000"}, 20_000 - 1000},
		{[]string{"--model", "gpt-4.1"}, 1_047_576 - 2000},
		{[]string{"--scenario", "../sample/overflow.yaml", "--mode", "measure", "--model", "gpt-4o"}, 128_000 - 2000},
		{[]string{"--scenario", "../sample/overflow.yaml", "--mode", "measure", "--model", "gpt-4o", "--window", "16000"}, 16_000 - 2000},
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
	// A model too small for the scenario's allocations is an overflow
	// (exit 3), and the message says where the window came from.
	_, stderr, code := run(t, "", "assemble", "--model", "gpt-4")
	if code != 3 || !strings.Contains(stderr, "Budget overflow: 8850 tokens allocated, max input is 6192 (preset support_chat, 2 of 6 allocations changed; --model gpt-4's window is 8,192; --window N sets another)") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestAssembleWarnings: settings that assemble but are almost certainly
// a mistake get one line each on stderr; the exit status and the report
// stay as they are.
func TestAssembleWarnings(t *testing.T) {
	t.Parallel()
	noQuery := writeFile(t, "no-query.yaml", "name: no_query\nsystem_prompt: You are helpful.\n")
	const empty = "ctxlab: warning: no user query: the request ends with an empty user message"
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"--scenario", noQuery}, []string{empty}},
		{[]string{"--query", ""}, []string{empty}},
		{[]string{"--query", " ", "--rerank"}, []string{empty + "; reranking has no query to rank against, so the first final-k by retrieval score are kept"}},
		{[]string{"--final-k", "3", "--initial-k", "4"}, []string{"ctxlab: warning: --initial-k has no effect: it applies only with rerank on", "ctxlab: warning: --final-k has no effect: it applies only with rerank on"}},
		{[]string{"--rerank", "--initial-k", "5", "--final-k", "50"}, []string{"ctxlab: warning: final-k 50 is more than initial-k 5: reranking keeps at most the 5 documents retrieved (final-k is capped at initial-k)"}},
		{[]string{"--rerank", "--initial-k", "5", "--final-k", "5"}, nil},
		// The sample's memory is priority and its builder the pipeline.
		{[]string{"--keep-recent", "2", "--builder", "rag", "--dedup-threshold", "0.5"}, []string{
			"ctxlab: warning: --dedup-threshold has no effect: it applies only with the context_manager builder",
			"ctxlab: warning: --keep-recent has no effect: it applies only with memory summary"}},
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
	if !strings.Contains(stdout, "the retrieved-context allocation, as --rag-budget, which the pipeline uses as its budget (default: the input's)") || strings.Contains(stdout, "(default 4000)") {
		t.Errorf("assemble --help on --budget:\n%s", stdout)
	}
	if stdout, _, _ := run(t, "", "build", "--help"); !strings.Contains(stdout, "token budget for the context block (default 4000)") {
		t.Error("build --help lost its --budget default")
	}
}

var timestampField = regexp.MustCompile(`"timestamp": "[^"]*"`)

func stripTimestamp(s string) string { return timestampField.ReplaceAllString(s, "") }

// TestAssembleDocs: assemble takes the workbench's --docs input, so a
// launch with documents, a history and a query can be reproduced headless.
func TestAssembleDocs(t *testing.T) {
	stdout, stderr, code := run(t, "", "assemble", "--docs", "../sample/docs/support_kb.jsonl", "--history", "../sample/history/support_chat.json",
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

func TestAssembleBadInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"unknown preset", []string{"--preset", "chat"}, `--preset: unknown preset "chat" (expected one of support_chat, document_qa, code_review, agent_workflow)`},
		{"negative rag budget", []string{"--rag-budget", "-5"}, "--rag-budget -5 is negative"},
		{"allocation beyond int", []string{"--rag-budget", "9223372036854775808"}, `--rag-budget: "9223372036854775808" is too large a number; expected 0 or more tokens`},
		{"bad regex", []string{"--memory", "priority", "--priority-pattern", "ORD-(\\d+"}, `--priority-pattern "ORD-(\\d+" does not compile`},
		{"missing scenario", []string{"--scenario", "/nonexistent/case.yaml"}, "/nonexistent/case.yaml"},
		{"missing request", []string{"--request", "/nonexistent/req.json"}, "/nonexistent/req.json"},
		{"both inputs", []string{"--scenario", "a.yaml", "--request", "b.json"}, "give one input: --docs, --scenario or --request, not --scenario and --request"},
		{"history without docs", []string{"--history", "chat.json"}, "--history goes with --docs"},
		{"interaction without request", []string{"--interaction", "2"}, "--interaction selects"},
		{"unknown memory", []string{"--memory", "lru"}, `--memory: unknown memory strategy "lru"`},
		{"unknown builder", []string{"--builder", "graph"}, `--builder: unknown RAG builder "graph"`},
		{"unknown mode", []string{"--mode", "strict"}, `--mode: unknown assembly mode "strict"`},
		{"bad format", []string{"--format", "xml"}, "expected text, json or markdown"},
		{"zero final-k", []string{"--final-k", "0"}, "--final-k 0 is below 1; expected at least 1"},
		{"stray argument", []string{"scenario.yaml"}, "unexpected argument"},
		{"step without agent steps", []string{"--step", "draft"}, `--step "draft": bundled sample (support_chat.yaml) has no agent steps`},
		{"unknown step", []string{"--scenario", "../sample/agent_workflow.yaml", "--step", "draft"}, `--step "draft": expected one of search_support_tickets, query_orders_db,`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
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
	args := []string{"assemble", "--scenario", "../sample/agent_workflow.yaml", "--step", "draft_supplier_ticket", "--tool-results-budget", "1000"}
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

func TestAssembleSanitizesRequestText(t *testing.T) {
	t.Parallel()
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
