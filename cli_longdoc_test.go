package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
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

// chatServer is an httptest server speaking OpenAI's chat completions.
type chatServer struct {
	*httptest.Server
	requests atomic.Int64
	mu       sync.Mutex
	auth     []string
}

// newChatServer answers every request with handle(n), n counting from 1.
func newChatServer(t *testing.T, handle func(w http.ResponseWriter, r *http.Request, n int64)) *chatServer {
	t.Helper()
	s := &chatServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/chat/completions" {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		io.Copy(io.Discard, r.Body)
		s.mu.Lock()
		s.auth = append(s.auth, r.Header.Get("Authorization"))
		s.mu.Unlock()
		handle(w, r, s.requests.Add(1))
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *chatServer) baseURL() string { return s.URL + "/v1" }

// completion writes a successful chat completion.
func completion(w http.ResponseWriter, content string) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1700000000, "model": "m",
		"choices": []map[string]any{{"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": content}}},
	})
}

// llmSummary is what the test server's model says.
func llmSummary(w http.ResponseWriter, _ *http.Request, n int64) {
	completion(w, fmt.Sprintf("LLM-SUMMARY-%d: ORD-48213 replacement agreed.", n))
}

func TestLLMSummarizerThroughTestServer(t *testing.T) {
	srv := newChatServer(t, llmSummary)
	llmFlags := []string{"--summarizer", "llm", "--llm-base-url", srv.baseURL(), "--llm-model", "m", "--llm-timeout", "5s"}

	args := append([]string{"assemble", "--memory", "summary", "--format", "json"}, llmFlags...)
	stdout, stderr, code := runEnv(t, nil, "", args...)
	if code != 0 || stderr != "" {
		t.Fatalf("assemble: exit %d: %s", code, stderr)
	}
	folds := srv.requests.Load()
	if folds == 0 {
		t.Fatal("the server received no request")
	}
	if !strings.Contains(stdout, "[Conversation summary: LLM-SUMMARY-") {
		t.Errorf("the assembled history does not hold the model's summary:\n%.3000s", stdout)
	}

	// CTXLAB_LLM_BASE_URL alone turns the LLM on; flags are not needed.
	stdout, stderr, code = runEnv(t, []string{"CTXLAB_LLM_BASE_URL=" + srv.baseURL(), "CTXLAB_LLM_MODEL=m"}, "", "assemble", "--memory", "summary", "--format", "json")
	if code != 0 || srv.requests.Load() != 2*folds || !strings.Contains(stdout, "LLM-SUMMARY-") {
		t.Errorf("from the environment: exit %d, %d requests after %d: %s", code, srv.requests.Load(), folds, stderr)
	}
	// --summarizer extractive overrides the environment.
	before := srv.requests.Load()
	stdout, _, code = runEnv(t, []string{"CTXLAB_LLM_BASE_URL=" + srv.baseURL()}, "", "assemble", "--memory", "summary", "--format", "json", "--summarizer", "extractive")
	if code != 0 || srv.requests.Load() != before || strings.Contains(stdout, "LLM-SUMMARY-") {
		t.Errorf("--summarizer extractive still asked the model (exit %d, %d requests)", code, srv.requests.Load()-before)
	}

	doc := writeFile(t, "contract.txt", longDocument())
	before = srv.requests.Load()
	args = append([]string{"longdoc", doc, "--chunk-size", "150", "--run", "--format", "json"}, llmFlags...)
	stdout, stderr, code = runEnv(t, nil, "", args...)
	if code != 0 || stderr != "" {
		t.Fatalf("longdoc: exit %d: %s", code, stderr)
	}
	out := parseLongdoc(t, stdout)
	if out.Run == nil || int64(out.Run.Calls) != srv.requests.Load()-before {
		t.Fatalf("longdoc: run %+v, server saw %d requests", out.Run, srv.requests.Load()-before)
	}
	if out.Summarizer.Name != "llm" || out.Summarizer.Endpoint != srv.baseURL() || out.Summarizer.Model != "m" || len(out.Fallbacks) != 0 {
		t.Errorf("summarizer %+v, fallbacks %+v", out.Summarizer, out.Fallbacks)
	}
	for _, s := range out.Run.Steps {
		if !strings.HasPrefix(s.Output, "LLM-SUMMARY-") {
			t.Errorf("step output %q is not the model's", s.Output)
		}
	}
}

func TestLLMFailureFallsBackToExtractive(t *testing.T) {
	srv := newChatServer(t, func(w http.ResponseWriter, _ *http.Request, _ int64) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		io.WriteString(w, `{"error": {"message": "the model crashed", "type": "server_error"}}`)
	})
	llmFlags := []string{"--summarizer", "llm", "--llm-base-url", srv.baseURL(), "--llm-model", "m"}
	wantLine := "ctxlab: LLM summarizer (" + srv.baseURL() + ", model m): server error (HTTP 500 Internal Server Error): the model crashed; used the extractive summary instead"

	// assemble: exit 0, one stderr line, the extractive summary.
	base := []string{"assemble", "--memory", "summary", "--format", "json", "--request-id", "r1"}
	extractive, _, code := runEnv(t, nil, "", base...)
	if code != 0 {
		t.Fatalf("extractive assemble: exit %d", code)
	}
	stdout, stderr, code := runEnv(t, nil, "", append(base, llmFlags...)...)
	if code != 0 {
		t.Fatalf("assemble: exit %d: %s", code, stderr)
	}
	if lines := strings.Split(strings.TrimSpace(stderr), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], wantLine) {
		t.Errorf("stderr:\n%s\nwant one line starting %q", stderr, wantLine)
	}
	if !strings.Contains(stderr, "without asking the model again") || srv.requests.Load() != 1 {
		t.Errorf("after a server error the model was asked %d times: %s", srv.requests.Load(), stderr)
	}
	if got, want := parseAssemble(t, stdout).Messages, parseAssemble(t, extractive).Messages; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the fallback's messages differ from the extractive run's")
	}

	// longdoc --run: the same, with the fallbacks in the JSON too.
	doc := writeFile(t, "contract.txt", longDocument())
	base = []string{"longdoc", doc, "--chunk-size", "150", "--run", "--format", "json"}
	extractive, _, _ = runEnv(t, nil, "", base...)
	stdout, stderr, code = runEnv(t, nil, "", append(base, llmFlags...)...)
	if code != 0 || !strings.HasPrefix(stderr, wantLine) || strings.Count(stderr, "\n") != 1 {
		t.Fatalf("longdoc: exit %d, stderr:\n%s", code, stderr)
	}
	got, want := parseLongdoc(t, stdout), parseLongdoc(t, extractive)
	if got.Run == nil || got.Run.Result != want.Run.Result {
		t.Errorf("the fallback's result differs from the extractive run's")
	}
	if len(got.Fallbacks) != 1 || got.Fallbacks[0].Calls != got.Run.Calls {
		t.Errorf("fallbacks %+v for %d calls", got.Fallbacks, got.Run.Calls)
	}
}

func TestLLMTimeoutFlag(t *testing.T) {
	srv := newChatServer(t, func(w http.ResponseWriter, r *http.Request, n int64) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	doc := writeFile(t, "contract.txt", longDocument())
	start := time.Now()
	_, stderr, code := runEnv(t, []string{"CTXLAB_LLM_BASE_URL=" + srv.baseURL(), "CTXLAB_LLM_TIMEOUT=30s"}, "", "longdoc", doc, "--run", "--llm-timeout", "200ms")
	if code != 0 || !strings.Contains(stderr, "request timed out after 200ms; used the extractive summary instead") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %s: the flag did not override CTXLAB_LLM_TIMEOUT", d)
	}
}

func TestLLMKeyIsNeverPrinted(t *testing.T) {
	const key = "sk-proj-TOPSECRET-4f9a1c2e7b"
	// The server refuses the key and quotes it back, as OpenAI does.
	srv := newChatServer(t, func(w http.ResponseWriter, r *http.Request, _ int64) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, `{"error": {"message": "Incorrect API key provided: %s", "type": "invalid_request_error"}}`,
			strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
	})
	doc := writeFile(t, "contract.txt", longDocument())
	keyFile := writeFile(t, "openai.key", key+"\n")
	cases := []struct {
		name string
		env  []string
		args []string
	}{
		{"--llm-api-key-file, assemble", []string{"CTXLAB_LLM_API_KEY=sk-loses-to-the-file"}, []string{"assemble", "--memory", "summary", "--summarizer", "llm", "--llm-base-url", srv.baseURL(), "--llm-api-key-file", keyFile}},
		{"--llm-api-key-file, longdoc json", nil, []string{"longdoc", doc, "--run", "--format", "json", "--llm-base-url", srv.baseURL(), "--llm-api-key-file", keyFile}},
		{"CTXLAB_LLM_API_KEY, assemble", []string{"CTXLAB_LLM_API_KEY=" + key}, []string{"assemble", "--memory", "summary", "--summarizer", "llm", "--llm-base-url", srv.baseURL()}},
		{"OPENAI_API_KEY, assemble json", []string{"OPENAI_API_KEY=" + key, "CTXLAB_LLM_BASE_URL=" + srv.baseURL()}, []string{"assemble", "--memory", "summary", "--format", "json"}},
		{"--llm-api-key-env, longdoc", []string{"MY_LLM_KEY=" + key}, []string{"longdoc", doc, "--run", "--format", "json", "--llm-base-url", srv.baseURL(), "--llm-api-key-env", "MY_LLM_KEY"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := srv.requests.Load()
			stdout, stderr, code := runEnv(t, c.env, "", c.args...)
			if code != 0 || srv.requests.Load() == before {
				t.Fatalf("exit %d, %d requests: %s", code, srv.requests.Load()-before, stderr)
			}
			srv.mu.Lock()
			sent := srv.auth[len(srv.auth)-1]
			srv.mu.Unlock()
			if sent != "Bearer "+key {
				t.Errorf("the key was not sent: Authorization %q", sent)
			}
			if !strings.Contains(stderr, "authentication failed (HTTP 401 Unauthorized): check the API key") {
				t.Errorf("stderr:\n%s", stderr)
			}
			if strings.Contains(stdout+stderr, "TOPSECRET") {
				t.Errorf("the API key was printed:\nstdout: %.2000s\nstderr: %s", stdout, stderr)
			}
		})
	}

	// A key file refused before any request is not quoted either.
	twoLines := writeFile(t, "two.key", key+"\n"+key+"\n")
	for name, file := range map[string]string{
		"a file of two lines":            twoLines,
		"the key given as the file name": key + "-0123456789abcdef",
	} {
		stdout, stderr, code := runEnv(t, nil, "", "assemble", "--memory", "summary", "--llm-base-url", srv.baseURL(), "--llm-api-key-file", file)
		if code != 1 || !strings.HasPrefix(stderr, "ctxlab: --llm-api-key-file") || strings.Contains(stdout+stderr, "TOPSECRET") {
			t.Errorf("%s: exit %d, stderr %q", name, code, stderr)
		}
	}
}

func TestLongdocAndLLMBadInput(t *testing.T) {
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
		{"binary document", nil, []string{"longdoc", binary}, "garbage.bin: byte 2: invalid UTF-8; expected text"},
		{"binary document, run", nil, []string{"longdoc", binary, "--run"}, "garbage.bin: byte 2: invalid UTF-8; expected text"},
		{"two documents", nil, []string{"longdoc", doc, doc}, "longdoc: one document at a time"},
		{"unknown tokenizer", nil, []string{"longdoc", doc, "--tokenizer", "gpt2"}, `--tokenizer: unknown tokenizer "gpt2"`},
		// Control characters in a name reach the terminal inert: core
		// quotes them Go's way (\x1b), it imports nothing terminal-side.
		{"unknown tokenizer with an escape", nil, []string{"longdoc", doc, "--tokenizer", "gpt\x1b[2J\"2"}, `--tokenizer: unknown tokenizer "gpt\x1b[2J\"2" (expected one of`},
		{"unknown model with an escape", nil, []string{"longdoc", doc, "--model", "llama\x1b]0;x\a"}, `unknown model "llama\x1b]0;x\a" (known families:`},
		{"bad format", nil, []string{"longdoc", doc, "--format", "yaml"}, `--format "yaml": expected text or json`},
		{"malformed --llm-timeout", nil, []string{"longdoc", doc, "--run", "--summarizer", "llm", "--llm-base-url", "http://127.0.0.1:9/v1", "--llm-timeout", "soon"}, `--llm-timeout "soon": expected a duration such as 30s or 2m, or a number of seconds`},
		{"negative --llm-timeout", nil, []string{"assemble", "--llm-base-url", "http://127.0.0.1:9/v1", "--llm-timeout", "-3s"}, "--llm-timeout -3s is negative"},
		{"malformed CTXLAB_LLM_TIMEOUT", []string{"CTXLAB_LLM_MODEL=m", "CTXLAB_LLM_TIMEOUT=soon"}, []string{"longdoc", doc}, `CTXLAB_LLM_TIMEOUT: timeout "soon" is neither`},
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
	if _, stderr, code := run(t, "text \xc3\x28 more", "longdoc", "-"); code != 1 || stderr != "ctxlab: stdin: byte 5: invalid UTF-8; expected text\n" {
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
