package cli

import (
	"context"
	"errors"
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/llm"
)

// failing fails every call with err and counts the calls.
type failing struct {
	err   error
	calls int
}

func (f *failing) Summarize(context.Context, core.SummaryRequest) (string, error) {
	f.calls++
	return "", f.err
}

func TestBreakerAndFallbackLog(t *testing.T) {
	req := core.SummaryRequest{Purpose: core.PurposeChunk, Text: "Order ORD-1 ships on Friday."}
	for _, c := range []struct {
		kind      llm.ErrorKind
		wantCalls int
		wantLine  string
	}{
		{llm.KindHTTP, 1, "used the extractive summary instead, and for the 2 summary calls after it without asking the model again"},
		{llm.KindEmpty, 3, "used the extractive summary instead (3 summary calls)"},
	} {
		model := &failing{err: &llm.Error{Endpoint: "http://h/v1", Model: "m", Kind: c.kind, Detail: "went wrong"}}
		log := &fallbackLog{}
		sum := llm.WithFallback(&circuitBreaker{next: model}, core.ExtractiveSummarizer{}, log.report)
		for i := 0; i < 3; i++ {
			out, err := sum.Summarize(context.Background(), req)
			if err != nil || !strings.Contains(out, "ORD-1") {
				t.Fatalf("%s: call %d: %q, %v", c.kind, i, out, err)
			}
		}
		lines := log.Lines()
		if model.calls != c.wantCalls || len(lines) != 1 ||
			!strings.HasPrefix(lines[0], "ctxlab: LLM summarizer (http://h/v1, model m): went wrong; ") || !strings.HasSuffix(lines[0], c.wantLine) {
			t.Errorf("%s: model asked %d times (want %d); lines %q", c.kind, model.calls, c.wantCalls, lines)
		}
	}
	if tripsBreaker(errors.New("not an llm error")) {
		t.Error("a non-LLM error tripped the breaker")
	}
}

func TestParseLLMTimeout(t *testing.T) {
	for in, want := range map[string]string{"30s": "30s", "2m": "2m0s", "1.5": "1.5s", "0": "0s"} {
		if d, err := parseLLMTimeout(in); err != nil || d.String() != want {
			t.Errorf("%q: %v, %v", in, d, err)
		}
	}
	for _, in := range []string{"soon", "-1", "-2s", ""} {
		if _, err := parseLLMTimeout(in); err == nil || !strings.HasPrefix(err.Error(), "--llm-timeout") {
			t.Errorf("%q: err %v", in, err)
		}
	}
}
