package llm

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestHugeReplyIsCut: an endpoint that streams a content field without
// end must not be read whole; the call fails with the cut reported.
func TestHugeReplyIsCut(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"`)
		chunk := strings.Repeat("a", 64<<10)
		// Until the client hangs up: a reply with no end.
		for r.Context().Err() == nil {
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	_, err := newTestSummarizer(t, srv.URL, 0).Summarize(context.Background(), conversationReq)
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindTooLarge {
		t.Fatalf("got %v; want a too-large error", err)
	}
	want := "the reply is larger than 1 MiB (1,048,576 bytes), the most ctxlab reads from an endpoint; the rest was not read"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
}

// TestReplyAtTheLimitIsRead: the cut is past MaxReplySize, not at it.
func TestReplyAtTheLimitIsRead(t *testing.T) {
	t.Parallel()
	body := chatCompletion("a summary")
	body += strings.Repeat(" ", MaxReplySize-len(body))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, body)
	}))
	defer srv.Close()
	got, err := newTestSummarizer(t, srv.URL, 0).Summarize(context.Background(), conversationReq)
	if err != nil || got != "a summary" {
		t.Fatalf("a reply of exactly %d bytes: %q, %v", MaxReplySize, got, err)
	}
}

// TestKeyEchoedInASummaryIsRedacted: a server that echoes the request's
// Authorization header inside a successful reply must not put the key in
// the summary.
func TestKeyEchoedInASummaryIsRedacted(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, chatCompletion("you sent "+r.Header.Get("Authorization")+"\nand that is all"))
	}))
	defer srv.Close()
	got, err := newTestSummarizer(t, srv.URL, 0).Summarize(context.Background(), conversationReq)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, testKey) || got != "you sent Bearer [redacted]\nand that is all" {
		t.Errorf("summary %q", got)
	}
}
