package llm

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"ctxlab/core/summarize"
	"ctxlab/core/value"
)

const testKey = "sk-test-SECRET-0123456789"

// chatCompletion is a minimal successful chat completions response.
func chatCompletion(content string) string {
	body, _ := json.Marshal(map[string]any{
		"id":      "chatcmpl-1",
		"object":  "chat.completion",
		"created": 1700000000,
		"model":   "m",
		"choices": []map[string]any{{
			"index":         0,
			"finish_reason": "stop",
			"message":       map[string]any{"role": "assistant", "content": content},
		}},
	})
	return string(body)
}

// capturedRequest is what the test server saw.
type capturedRequest struct {
	Path          string
	Authorization string
	Body          struct {
		Model               string `json:"model"`
		MaxTokens           *int   `json:"max_tokens"`
		MaxCompletionTokens *int   `json:"max_completion_tokens"`
		Messages            []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
}

func newTestSummarizer(t *testing.T, url string, timeout time.Duration) *OpenAISummarizer {
	t.Helper()
	s, err := New(Config{BaseURL: url, Model: "m", APIKey: testKey, Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var conversationReq = summarize.Request{
	Previous: "User: order ORD-48213 arrived damaged.",
	Messages: []value.Message{
		{Role: "user", Content: "preference: replacement only, no store credit."},
		{Role: "assistant", Content: "We'll ship a replacement on Friday."},
	},
}

func TestSummarizeSendsArticleRequest(t *testing.T) {
	var got capturedRequest
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Path = r.URL.Path
		got.Authorization = r.Header.Get("Authorization")
		if err := json.NewDecoder(r.Body).Decode(&got.Body); err != nil {
			t.Errorf("request body: %v", err)
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, chatCompletion("  ORD-48213: replacement ships Friday.  "))
	}))
	defer srv.Close()

	s := newTestSummarizer(t, srv.URL+"/v1", 5*time.Second)
	out, err := s.Summarize(context.Background(), conversationReq)
	if err != nil {
		t.Fatal(err)
	}
	if out != "ORD-48213: replacement ships Friday." {
		t.Errorf("summary = %q", out)
	}
	if got.Path != "/v1/chat/completions" {
		t.Errorf("path = %q", got.Path)
	}
	if got.Authorization != "Bearer "+testKey {
		t.Errorf("Authorization = %q", got.Authorization)
	}
	if got.Body.Model != "m" {
		t.Errorf("model = %q", got.Body.Model)
	}
	if got.Body.MaxTokens == nil || *got.Body.MaxTokens != 400 {
		t.Errorf("max_tokens = %v, want the article's 400", got.Body.MaxTokens)
	}
	if got.Body.MaxCompletionTokens != nil {
		t.Errorf("max_completion_tokens sent too")
	}
	if len(got.Body.Messages) != 1 || got.Body.Messages[0].Role != "user" || got.Body.Messages[0].Content != conversationReq.Prompt() {
		t.Errorf("messages = %+v, want one user message with the article's prompt", got.Body.Messages)
	}
	for _, want := range []string{"Previous summary: User: order ORD-48213", "Preserve: names, IDs, decisions, preferences, unresolved issues.", "Max 300 words.", "user: preference: replacement only"} {
		if !strings.Contains(got.Body.Messages[0].Content, want) {
			t.Errorf("prompt lacks %q", want)
		}
	}
}

func TestSummarizeMaxCompletionTokensAndNoKey(t *testing.T) {
	var got capturedRequest
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Authorization = r.Header.Get("Authorization")
		json.NewDecoder(r.Body).Decode(&got.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, chatCompletion("ok"))
	}))
	defer srv.Close()
	s, err := New(Config{BaseURL: srv.URL + "/v1", Model: "o4-mini", MaxCompletionTokens: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Summarize(context.Background(), summarize.Request{Purpose: summarize.PurposeChunk, Text: "The lease ends on 2025-06-30."}); err != nil {
		t.Fatal(err)
	}
	if got.Authorization != "" {
		t.Errorf("Authorization %q sent without a key", got.Authorization)
	}
	if got.Body.MaxCompletionTokens == nil || *got.Body.MaxCompletionTokens != 300 || got.Body.MaxTokens != nil {
		t.Errorf("max_completion_tokens = %v, max_tokens = %v; want 300 and none", got.Body.MaxCompletionTokens, got.Body.MaxTokens)
	}
}

// closedPortURL returns a URL on 127.0.0.1 where nothing listens.
func closedPortURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr + "/v1"
}

func TestSummarizeFailures(t *testing.T) {
	jsonError := func(status int, msg string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			io.WriteString(w, `{"error":{"message":"`+msg+`","type":"x","code":null,"param":null}}`)
		}
	}
	tests := []struct {
		name    string
		handler http.HandlerFunc // nil: nothing listens
		timeout time.Duration
		kind    ErrorKind
		status  int
		want    string // in the error text
	}{
		{"timeout", func(w http.ResponseWriter, r *http.Request) {
			// The server notices the client hanging up only once the
			// body has been read.
			io.Copy(io.Discard, r.Body)
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		}, 200 * time.Millisecond, KindTimeout, 0, "request timed out after 200ms"},
		{"429", jsonError(429, "Rate limit reached for key "+testKey), 0, KindRateLimited, 429, "rate limited (HTTP 429 Too Many Requests): Rate limit reached for key [redacted]"},
		{"500 json", jsonError(500, "the model crashed"), 0, KindHTTP, 500, "server error (HTTP 500 Internal Server Error): the model crashed"},
		{"500 plain text", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(500)
			io.WriteString(w, "upstream exploded")
		}, 0, KindHTTP, 500, "server error (HTTP 500 Internal Server Error)"},
		{"401", jsonError(401, "Incorrect API key provided: "+testKey), 0, KindAuth, 401, "authentication failed (HTTP 401 Unauthorized): check the API key"},
		{"404", jsonError(404, "model m not found"), 0, KindHTTP, 404, "check the base URL"},
		{"malformed body", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"choices": [ {"message": `)
		}, 0, KindMalformed, 0, "malformed response: the body is not a chat completion"},
		{"html body", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, `<html>login</html>`)
		}, 0, KindMalformed, 0, `expected a JSON chat completion, got Content-Type "text/html"`},
		{"empty choices", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"id":"x","object":"chat.completion","created":1,"model":"m","choices":[]}`)
		}, 0, KindEmpty, 200, "the response has no choices"},
		{"empty content", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, chatCompletion("   "))
		}, 0, KindEmpty, 200, "the response's message is empty"},
		{"unreachable", nil, 0, KindUnreachable, 0, "cannot reach the endpoint: connection refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := closedPortURL(t)
			if tt.handler != nil {
				srv := httptest.NewServer(tt.handler)
				defer srv.Close()
				url = srv.URL + "/v1"
			}
			timeout := tt.timeout
			if timeout == 0 {
				timeout = 5 * time.Second
			}
			s := newTestSummarizer(t, url, timeout)

			// TestRetriesAreBounded counts the requests; no clock here.
			_, err := s.Summarize(context.Background(), conversationReq)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T) is not an *Error", err, err)
			}
			if e.Kind != tt.kind || e.Status != tt.status {
				t.Errorf("kind, status = %s, %d; want %s, %d (%v)", e.Kind, e.Status, tt.kind, tt.status, err)
			}
			prefix := "LLM summarizer (" + strings.TrimSuffix(url, "/") + ", model m): "
			if !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %q\nwant prefix %q and %q", err, prefix, tt.want)
			}
			if strings.Contains(err.Error(), testKey) {
				t.Errorf("error leaks the key: %q", err)
			}

			// The same failure through WithFallback: an extractive
			// summary and one clear report.
			var reports []error
			fb := WithFallback(s, nil, func(err error) { reports = append(reports, err) })
			out, err := fb.Summarize(context.Background(), conversationReq)
			if err != nil {
				t.Fatalf("fallback returned %v", err)
			}
			if !strings.Contains(out, "ORD-48213") || !strings.Contains(out, "replacement") {
				t.Errorf("fallback summary %q lost the facts", out)
			}
			if len(reports) != 1 {
				t.Fatalf("reports = %v, want one", reports)
			}
			msg := reports[0].Error()
			if !strings.HasPrefix(msg, prefix) || !strings.HasSuffix(msg, "; used the extractive summary instead") || strings.Contains(msg, testKey) {
				t.Errorf("report = %q", msg)
			}
			if !errors.As(reports[0], &e) {
				t.Errorf("report does not wrap the *Error")
			}
		})
	}
}

func TestTimeoutMessageMatchesBrief(t *testing.T) {
	s := &OpenAISummarizer{cfg: Config{BaseURL: "http://127.0.0.1:1234/v1", Model: "m", Timeout: 2 * time.Second}}
	err := &FallbackError{Err: s.classify(context.DeadlineExceeded, nil, context.Background()), Fallback: "extractive"}
	want := "LLM summarizer (http://127.0.0.1:1234/v1, model m): request timed out after 2s; used the extractive summary instead"
	if err.Error() != want {
		t.Errorf("got  %q\nwant %q", err, want)
	}
}

func TestFallbackNotUsedWhenCallerCanceled(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var reported atomic.Int32
	fb := WithFallback(newTestSummarizer(t, srv.URL, time.Minute), nil, func(error) { reported.Add(1) })
	if _, err := fb.Summarize(ctx, conversationReq); err == nil {
		t.Fatal("canceled call returned a summary")
	}
	if reported.Load() != 0 {
		t.Error("a canceled call was reported as a fallback")
	}
}

type failing struct{ err error }

func (f failing) Summarize(context.Context, summarize.Request) (string, error) { return "", f.err }

func TestFallbackFailsToo(t *testing.T) {
	fb := WithFallback(failing{errors.New("primary down")}, failing{errors.New("fallback down")}, nil)
	_, err := fb.Summarize(context.Background(), conversationReq)
	if err == nil || !strings.Contains(err.Error(), "primary down") || !strings.Contains(err.Error(), "fallback down") {
		t.Errorf("err = %v", err)
	}
}

func TestRetriesAreBounded(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Retry-After-Ms", "1")
		w.WriteHeader(503)
	}))
	defer srv.Close()
	for _, retries := range []int{0, 2} {
		calls.Store(0)
		s, err := New(Config{BaseURL: srv.URL, Model: "m", MaxRetries: retries, Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		s.Summarize(context.Background(), conversationReq)
		if got := calls.Load(); got != int32(retries+1) {
			t.Errorf("MaxRetries %d: %d requests, want %d", retries, got, retries+1)
		}
	}
}

func TestFallbackWithoutPrimary(t *testing.T) {
	out, err := WithFallback(nil, nil, func(error) { t.Error("nothing to report") }).Summarize(context.Background(), conversationReq)
	if err != nil || !strings.Contains(out, "ORD-48213") {
		t.Errorf("out %q err %v", out, err)
	}
}
