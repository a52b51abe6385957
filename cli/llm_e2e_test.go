package cli_test

// The LLM summarizer through assemble and longdoc, against a local test server.

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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
	srv := newChatServer(t, func(w http.ResponseWriter, r *http.Request, n int64) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	doc := writeFile(t, "contract.txt", longDocument())
	// The message names the flag's 200ms, not the environment's 30s; the
	// server's 5 s stall would otherwise end in a malformed reply.
	_, stderr, code := runEnv(t, []string{"CTXLAB_LLM_BASE_URL=" + srv.baseURL(), "CTXLAB_LLM_TIMEOUT=30s"}, "", "longdoc", doc, "--run", "--llm-timeout", "200ms")
	if code != 0 || !strings.Contains(stderr, "request timed out after 200ms; used the extractive summary instead") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}

func TestLLMKeyIsNeverPrinted(t *testing.T) {
	t.Parallel()
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
