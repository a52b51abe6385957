package cli_test

// ctxlab longdoc, end to end, with the offline extractive summarizer.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// longDocument is 30 paragraphs of contract-like text; paragraph 18 alone
// holds the termination clause a map-reduce question asks about.
func longDocument() string {
	var paras []string
	for i := 1; i <= 30; i++ {
		p := fmt.Sprintf("Section %d. The vendor Acme Corp shall deliver batch ORD-%d by March %d, 2025. Payment of $%d is due within 30 days of invoice. Late delivery incurs a penalty of %d%% per week.",
			i, 1000+i, i%28+1, i*1250, i%5+1)
		if i == 18 {
			p += " The termination clause allows either party to exit with 90 days notice."
		}
		paras = append(paras, p+" Thanks for reading this paragraph.")
	}
	return strings.Join(paras, "\n\n") + "\n"
}

// longdocJSON is the part of longdoc's JSON the tests read.
type longdocJSON struct {
	Input      string `json:"input"`
	Summarizer struct {
		Name     string `json:"name"`
		Endpoint string `json:"endpoint"`
		Model    string `json:"model"`
	} `json:"summarizer"`
	Plan struct {
		Strategy       string `json:"strategy"`
		Question       string `json:"question"`
		ChunkSize      int    `json:"chunk_size"`
		Tokenizer      string `json:"tokenizer"`
		DocumentTokens int    `json:"document_tokens"`
		Chunks         []struct {
			Index  int    `json:"index"`
			Tokens int    `json:"tokens"`
			Text   string `json:"text"`
		} `json:"chunks"`
		Calls []struct {
			Stage        string `json:"stage"`
			Chunk        int    `json:"chunk"`
			PromptTokens int    `json:"prompt_tokens"`
			Exact        bool   `json:"exact"`
			MaxTokens    int    `json:"max_tokens"`
			Condition    string `json:"condition"`
		} `json:"calls"`
		MinCalls int      `json:"min_calls"`
		MaxCalls int      `json:"max_calls"`
		Notes    []string `json:"notes"`
	} `json:"plan"`
	Run *struct {
		Steps []struct {
			Call struct {
				Stage string `json:"stage"`
			} `json:"call"`
			Output string `json:"output"`
			Used   bool   `json:"used"`
		} `json:"steps"`
		Result string `json:"result"`
		Calls  int    `json:"calls"`
	} `json:"run"`
	Fallbacks []struct {
		Message string `json:"message"`
		Calls   int    `json:"calls"`
	} `json:"fallbacks"`
}

func parseLongdoc(t *testing.T, stdout string) longdocJSON {
	t.Helper()
	var out longdocJSON
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%.2000s", err, stdout)
	}
	return out
}

func TestLongdocPlan(t *testing.T) {
	t.Parallel()
	doc := writeFile(t, "contract.txt", longDocument())
	stdout, stderr, code := runEnv(t, nil, "", "longdoc", doc, "--chunk-size", "150")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"ctxlab longdoc · " + doc + " · hierarchical · chunk size 150 · tokenizer o200k_base",
		"Chunks (", "Calls (", "prompt tokens", "max_tokens", "combine", "only if the", "summarizer extractive (offline)", "add --run"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("plan lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "Result") {
		t.Error("a plan without --run printed a result")
	}

	stdout, stderr, code = runEnv(t, nil, "", "longdoc", doc, "--chunk-size", "150", "--format", "json")
	if code != 0 {
		t.Fatalf("json: exit %d: %s", code, stderr)
	}
	out := parseLongdoc(t, stdout)
	p := out.Plan
	n := len(p.Chunks)
	if n < 10 || p.ChunkSize != 150 || p.Strategy != "hierarchical" || out.Run != nil || out.Summarizer.Name != "extractive" {
		t.Fatalf("plan: %d chunks, size %d, strategy %s, run %v, summarizer %s", n, p.ChunkSize, p.Strategy, out.Run != nil, out.Summarizer.Name)
	}
	total := 0
	for i, c := range p.Chunks {
		total += c.Tokens
		if c.Index != i || c.Tokens == 0 || c.Tokens > 150+1 || strings.Contains(c.Text, "\n\n\n") {
			t.Errorf("chunk %d: index %d, %d tokens", i, c.Index, c.Tokens)
		}
	}
	if total > p.DocumentTokens || total < p.DocumentTokens*9/10 {
		t.Errorf("chunks hold %d tokens of a %d-token document", total, p.DocumentTokens)
	}
	// One chunk call each, always; one combine call, only if needed.
	if len(p.Calls) != n+1 || p.MinCalls != n || p.MaxCalls != n+1 {
		t.Fatalf("%d calls (min %d, max %d) for %d chunks", len(p.Calls), p.MinCalls, p.MaxCalls, n)
	}
	for i, c := range p.Calls[:n] {
		if c.Stage != "chunk" || c.Chunk != i || !c.Exact || c.MaxTokens != 300 || c.PromptTokens <= p.Chunks[i].Tokens || c.Condition != "" {
			t.Errorf("call %d: %+v", i, c)
		}
	}
	if last := p.Calls[n]; last.Stage != "combine" || last.Chunk != -1 || last.Exact || last.MaxTokens != 800 || last.Condition == "" {
		t.Errorf("combine call: %+v", last)
	}

	// The same document from stdin, under another tokenizer.
	stdout, stderr, code = runEnv(t, nil, longDocument(), "longdoc", "-", "--chunk-size", "150", "--tokenizer", "heuristic", "--format", "json")
	if code != 0 {
		t.Fatalf("stdin: exit %d: %s", code, stderr)
	}
	if out := parseLongdoc(t, stdout); out.Input != "stdin" || out.Plan.Tokenizer != "heuristic" || len(out.Plan.Chunks) < 2 {
		t.Errorf("stdin: input %q, tokenizer %s, %d chunks", out.Input, out.Plan.Tokenizer, len(out.Plan.Chunks))
	}
}

func TestLongdocRunExtractive(t *testing.T) {
	t.Parallel()
	doc := writeFile(t, "contract.txt", longDocument())
	stdout, stderr, code := runEnv(t, nil, "", "longdoc", doc, "--chunk-size", "150", "--run")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Run (", "── [1] chunk 1/", "chunk summaries took", "Result", "ORD-1018", "90 days notice"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("run lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "Thanks for reading") {
		t.Error("the extractive summaries kept the filler sentence")
	}

	stdout, stderr, code = runEnv(t, nil, "", "longdoc", doc, "--chunk-size", "150", "--run", "--format", "json")
	if code != 0 {
		t.Fatalf("json: exit %d: %s", code, stderr)
	}
	out := parseLongdoc(t, stdout)
	if out.Run == nil || out.Run.Calls != len(out.Run.Steps) || out.Run.Calls < len(out.Plan.Chunks) || out.Run.Result == "" {
		t.Fatalf("run: %+v", out.Run)
	}
	if out.Run.Calls < out.Plan.MinCalls || out.Run.Calls > out.Plan.MaxCalls {
		t.Errorf("%d calls made, plan said %d..%d", out.Run.Calls, out.Plan.MinCalls, out.Plan.MaxCalls)
	}
}

func TestLongdocMapReduce(t *testing.T) {
	t.Parallel()
	doc := writeFile(t, "contract.txt", longDocument())
	q := "What does the termination clause allow?"
	stdout, stderr, code := runEnv(t, nil, "", "longdoc", doc, "--strategy", "map-reduce", "--question", q, "--chunk-size", "200", "--run", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	out := parseLongdoc(t, stdout)
	p := out.Plan
	n := len(p.Chunks)
	if p.Strategy != "map-reduce" || p.Question != q || n < 3 || p.MinCalls != n || p.MaxCalls != n+1 {
		t.Fatalf("plan: %s %q, %d chunks, calls %d..%d", p.Strategy, p.Question, n, p.MinCalls, p.MaxCalls)
	}
	if last := p.Calls[n]; last.Stage != "reduce" || last.MaxTokens != 1000 || last.Exact {
		t.Errorf("reduce call: %+v", last)
	}
	for _, c := range p.Calls[:n] {
		if c.Stage != "map" || c.MaxTokens != 500 {
			t.Errorf("map call: %+v", c)
		}
	}
	r := out.Run
	if r == nil || len(r.Steps) != n+1 || r.Steps[n].Call.Stage != "reduce" {
		t.Fatalf("run: %+v", r)
	}
	used := 0
	for _, s := range r.Steps[:n] {
		if s.Used {
			used++
		} else if !strings.Contains(s.Output, "NOT FOUND") {
			t.Errorf("unused answer %q does not say NOT FOUND", s.Output)
		}
	}
	if used != 1 || !strings.Contains(r.Result, "90 days notice") {
		t.Errorf("%d sections answered; result %q", used, r.Result)
	}

	stdout, _, code = runEnv(t, nil, "", "longdoc", doc, "--strategy", "map-reduce", "--question", q, "--chunk-size", "200", "--run")
	if code != 0 || !strings.Contains(stdout, "question: "+q) || !strings.Contains(stdout, "NOT FOUND: not passed on") || !strings.Contains(stdout, "1 of ") {
		t.Errorf("text run (exit %d):\n%s", code, stdout)
	}
}

func TestLongdocAndLLMBadInput(t *testing.T) {
	t.Parallel()
	doc := writeFile(t, "contract.txt", longDocument())
	empty := writeFile(t, "empty.txt", " \n\n \n")
	binary := writeFile(t, "garbage.bin", "\x00\x01\xff\xfe binary garbage \x89PNG\r\n")
	cases := []struct {
		name string
		env  []string
		args []string
		want string
	}{
		{"unknown strategy", nil, []string{"longdoc", doc, "--strategy", "tree"}, `--strategy "tree": expected hierarchical or map-reduce`},
		{"zero chunk size", nil, []string{"longdoc", doc, "--chunk-size", "0"}, "--chunk-size 0: expected a positive number of tokens"},
		{"negative chunk size", nil, []string{"longdoc", doc, "--chunk-size", "-40"}, "--chunk-size -40: expected a positive number of tokens"},
		{"map-reduce without a question", nil, []string{"longdoc", doc, "--strategy", "map-reduce"}, "--strategy map-reduce needs --question TEXT"},
		{"question with hierarchical", nil, []string{"longdoc", doc, "--question", "why?"}, "--question goes with --strategy map-reduce"},
		{"missing file", nil, []string{"longdoc", "/nonexistent/doc.txt"}, "reading /nonexistent/doc.txt: no such file or directory"},
		{"empty document", nil, []string{"longdoc", empty}, "empty.txt: the document is empty"},
		{"binary document", nil, []string{"longdoc", binary}, "garbage.bin: line 1: NUL byte at byte offset 0; expected text, not binary data"},
		{"binary document, run", nil, []string{"longdoc", binary, "--run"}, "garbage.bin: line 1: NUL byte at byte offset 0; expected text, not binary data"},
		{"two documents", nil, []string{"longdoc", doc, doc}, "longdoc: one document at a time"},
		{"unknown tokenizer", nil, []string{"longdoc", doc, "--tokenizer", "gpt2"}, `--tokenizer: unknown tokenizer "gpt2"`},
		// Control characters in a name reach the terminal inert: core
		// quotes them Go's way (\x1b), it imports nothing terminal-side.
		{"unknown tokenizer with an escape", nil, []string{"longdoc", doc, "--tokenizer", "gpt\x1b[2J\"2"}, `--tokenizer: unknown tokenizer "gpt\x1b[2J\"2" (expected one of`},
		{"bad format", nil, []string{"longdoc", doc, "--format", "yaml"}, `--format "yaml": expected text or json`},
		{"malformed --llm-timeout", nil, []string{"longdoc", doc, "--run", "--summarizer", "llm", "--llm-base-url", "http://127.0.0.1:9/v1", "--llm-timeout", "soon"}, `--llm-timeout "soon" is not a timeout; expected a duration such as 30s or 2m, or a number of seconds`},
		{"negative --llm-timeout", nil, []string{"assemble", "--llm-base-url", "http://127.0.0.1:9/v1", "--llm-timeout", "-3s"}, `--llm-timeout "-3s" is negative`},
		{"malformed CTXLAB_LLM_TIMEOUT", []string{"CTXLAB_LLM_MODEL=m", "CTXLAB_LLM_TIMEOUT=soon"}, []string{"longdoc", doc}, `CTXLAB_LLM_TIMEOUT: timeout "soon" is not a timeout`},
		{"unknown summarizer", nil, []string{"assemble", "--summarizer", "gpt"}, `--summarizer "gpt": expected extractive or llm`},
		{"invalid base URL, longdoc", nil, []string{"longdoc", doc, "--summarizer", "llm", "--llm-base-url", "localhost:11434"}, `--llm-base-url: LLM base URL "localhost:11434" must be http:// or https:// with a host`},
		{"invalid base URL, assemble", nil, []string{"assemble", "--memory", "summary", "--summarizer", "llm", "--llm-base-url", "ftp://example.com/v1"}, `--llm-base-url: LLM base URL "ftp://example.com/v1" must be http:// or https://`},
		{"invalid base URL from the environment", []string{"CTXLAB_LLM_BASE_URL=not a url"}, []string{"assemble"}, "CTXLAB_LLM_BASE_URL: LLM base URL"},
		{"OpenAI without a key", nil, []string{"assemble", "--summarizer", "llm"}, "the OpenAI API at https://api.openai.com/v1 needs a key"},
		{"key file missing", nil, []string{"assemble", "--llm-model", "m", "--llm-api-key-file", "/nonexistent/openai.key"}, `--llm-api-key-file "/nonexistent/openai.key": no such file`},
		{"key file empty", nil, []string{"longdoc", doc, "--run", "--llm-model", "m", "--llm-api-key-file", empty}, `empty.txt": the file is empty; expected the API key`},
		{"key file and key variable", nil, []string{"assemble", "--llm-api-key-file", doc, "--llm-api-key-env", "MY_KEY"}, "--llm-api-key-file and --llm-api-key-env both say where the API key is: give one"},
		{"key variable unset", nil, []string{"assemble", "--llm-model", "m", "--llm-api-key-env", "NO_SUCH_KEY_VAR"}, "--llm-api-key-env: NO_SUCH_KEY_VAR is not set or empty"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			stdout, stderr, code := runEnv(t, c.env, "", c.args...)
			if code != 1 {
				t.Errorf("exit %d, want 1; stderr: %s", code, stderr)
			}
			if !strings.Contains(stderr, c.want) {
				t.Errorf("stderr = %q, want it to contain %q", stderr, c.want)
			}
			if strings.Count(stderr, "\n") != 1 || strings.Contains(stderr, "panic") || stdout != "" {
				t.Errorf("want one stderr line and no output; stdout %q, stderr %q", stdout, stderr)
			}
		})
	}

	// Stdin is checked like a file: garbage piped in is not chunked.
	if _, stderr, code := run(t, "text \xc3\x28 more", "longdoc", "-"); code != 1 || stderr != "ctxlab: stdin: line 1: invalid UTF-8 at byte offset 5 (byte 0xc3); expected UTF-8 text\n" {
		t.Errorf("binary stdin: exit %d, stderr %q", code, stderr)
	}

	// A key typed where the variable's name belongs is refused and not
	// echoed.
	_, stderr, code := runEnv(t, nil, "", "assemble", "--llm-model", "m", "--llm-api-key-env", "sk-live-abc123XYZ")
	if code != 1 || !strings.Contains(stderr, "takes the NAME of an environment variable") || strings.Contains(stderr, "abc123XYZ") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

func TestLongdocHelp(t *testing.T) {
	t.Parallel()
	stdout, _, code := runEnv(t, nil, "", "longdoc", "--help")
	for _, want := range []string{"ctxlab longdoc FILE|-", "hierarchical", "map-reduce", "--chunk-size", "--question", "--run", "--llm-api-key-env", "never accepted as a flag"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	// Without FILE, stdin is read only when it is not a terminal (on one
	// the command asks for FILE or -); the help says so, for both
	// commands that read free text.
	for _, cmd := range []string{"longdoc", "tokens"} {
		help, _, _ := runEnv(t, nil, "", cmd, "--help")
		if !strings.Contains(help, "when stdin is piped or\n  redirected (not a terminal)") && !strings.Contains(help, "when stdin is\n  piped or redirected (not a terminal)") {
			t.Errorf("%s --help does not say when stdin is read:\n%s", cmd, help)
		}
		if strings.Contains(help, "or no FILE reads") || strings.Contains(help, "With - or no FILE") {
			t.Errorf("%s --help still says no FILE always reads stdin", cmd)
		}
	}
	stdout, _, _ = runEnv(t, nil, "", "--help")
	if !strings.Contains(stdout, "longdoc ") {
		t.Error("ctxlab --help does not list longdoc")
	}
	stdout, _, _ = runEnv(t, nil, "", "assemble", "--help")
	for _, want := range []string{"--summarizer", "--llm-base-url", "--llm-model", "--llm-timeout", "--llm-api-key-env"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("assemble --help lacks %q", want)
		}
	}
}
