package llm

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// The endpoint failures TestSummarizeFailures does not try:
// a name that does not resolve, a 429 asking to wait, a body cut
// short, and a reply that never ends or is cancelled mid-way. Each gives
// one clear message, falls back to the extractive summary, and leaves the
// key out of the error, the fallback's report and the log. No test
// sleeps: a server that hangs is ended by the client's short timeout or a
// cancelled context.

// unresolvable is a client whose every dial fails as a DNS lookup of a
// name that does not exist does, without asking any resolver.
func unresolvable() *http.Client {
	return &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return nil, &net.OpError{Op: "dial", Net: network, Err: &net.DNSError{Err: "no such host", Name: "llm.invalid", IsNotFound: true}}
		},
	}}
}

func TestEndpointFailuresFallBackWithoutTheKey(t *testing.T) {
	t.Parallel()
	var requests atomic.Int32
	tests := []struct {
		name    string
		handler http.HandlerFunc // nil: the unresolvable client
		retries int
		timeout time.Duration
		kind    ErrorKind
		want    string
	}{
		{"DNS failure", nil, 0, 0, KindUnreachable, `cannot reach the endpoint: cannot resolve host "llm.invalid"`},
		{"429 with Retry-After", func(w http.ResponseWriter, r *http.Request) {
			requests.Add(1)
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, `{"error":{"message":"quota for `+testKey+` exceeded","type":"x"}}`)
		}, 2, 0, KindRateLimited, "rate limited (HTTP 429 Too Many Requests): quota for [redacted] exceeded; the endpoint asks to wait 3,600 seconds before retrying"},
		{"truncated body", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Length", "4096")
			io.WriteString(w, chatCompletion("the summary")[:40])
		}, 0, 0, KindMalformed, "malformed response: the body is not a chat completion"},
		{"a reply that never ends", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"id":"x","choices":[{"message":{"content":"`)
			w.(http.Flusher).Flush()
			<-r.Context().Done() // silent until the client hangs up
		}, 0, 50 * time.Millisecond, KindTimeout, "request timed out after 50ms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Config{BaseURL: "http://llm.invalid/v1", Model: "m", APIKey: testKey, MaxRetries: tt.retries, Timeout: tt.timeout}
			if tt.handler == nil {
				cfg.HTTPClient = unresolvable()
			} else {
				srv := httptest.NewServer(tt.handler)
				defer srv.Close()
				cfg.BaseURL = srv.URL + "/v1"
			}
			if cfg.Timeout == 0 {
				cfg.Timeout = 30 * time.Second
			}
			s, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			var log bytes.Buffer
			logger := slog.New(slog.NewJSONHandler(&log, nil))
			var reports []error
			fb := WithFallback(s, nil, func(err error) {
				reports = append(reports, err)
				logger.Error("summary fell back", "err", err, "config", cfg)
			})
			requests.Store(0)
			out, err := fb.Summarize(context.Background(), conversationReq)
			if err != nil || !strings.Contains(out, "ORD-48213") {
				t.Fatalf("fallback: %q, %v", out, err)
			}
			if len(reports) != 1 {
				t.Fatalf("%d reports, want one", len(reports))
			}
			var e *Error
			if !errors.As(reports[0], &e) || e.Kind != tt.kind {
				t.Fatalf("report %v: want kind %s", reports[0], tt.kind)
			}
			msg := reports[0].Error()
			if !strings.Contains(msg, tt.want) || !strings.HasSuffix(msg, "; used the extractive summary instead") {
				t.Errorf("report %q\nwant it to say %q", msg, tt.want)
			}
			if strings.Count(msg, "\n") > 0 {
				t.Errorf("report spans lines: %q", msg)
			}
			for what, text := range map[string]string{"report": msg, "log": log.String(), "summary": out} {
				if strings.Contains(text, testKey) || strings.Contains(text, "SECRET") {
					t.Errorf("the key is in the %s: %s", what, text)
				}
			}
			// A Retry-After longer than the call may wait is not waited
			// for: one request, however many retries are allowed.
			if tt.retries > 0 && requests.Load() != 1 {
				t.Errorf("%d requests; a Retry-After of an hour must not be waited for", requests.Load())
			}
		})
	}
}

// TestCancelStopsACallInFlight: a caller (the workbench moving on to a
// newer setting) cancels a call the server never answers; the call ends
// as cancelled, without a fallback summary standing in for it.
func TestCancelStopsACallInFlight(t *testing.T) {
	t.Parallel()
	arrived := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		close(arrived)
		<-r.Context().Done()
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-arrived
		cancel()
	}()
	var reports atomic.Int32
	fb := WithFallback(newTestSummarizer(t, srv.URL, time.Hour), nil, func(error) { reports.Add(1) })
	_, err := fb.Summarize(ctx, conversationReq)
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindCanceled || !strings.Contains(err.Error(), "request canceled") {
		t.Fatalf("got %v; want a cancelled call", err)
	}
	if reports.Load() != 0 {
		t.Error("a cancelled call was reported as a fallback")
	}
}
