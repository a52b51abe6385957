package cli_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestHugeLLMReplyIsCutAndFallsBack: an endpoint streaming a content
// field without end is read to 1 MiB, told, and answered by the
// extractive summary; the command ends normally.
func TestHugeLLMReplyIsCutAndFallsBack(t *testing.T) {
	t.Parallel()
	srv := newChatServer(t, func(w http.ResponseWriter, r *http.Request, _ int64) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"`)
		chunk := strings.Repeat("a", 64<<10)
		for r.Context().Err() == nil {
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
		}
	})
	stdout, stderr, code := runEnv(t, nil, "", "assemble", "--memory", "summary", "--format", "json",
		"--summarizer", "llm", "--llm-base-url", srv.baseURL(), "--llm-model", "m")
	want := "the reply is larger than 1 MiB (1,048,576 bytes), the most ctxlab reads from an endpoint; the rest was not read; used the extractive summary instead"
	if code != 0 || !strings.Contains(stderr, want) || len(stdout) > 1<<20 {
		t.Errorf("exit %d, %d bytes out, stderr %q; want the cut told", code, len(stdout), stderr)
	}
}

// TestKeyEchoedInASummaryNeverReachesTheOutput: a server that puts the
// request's Authorization header in its summary does not get the key
// printed.
func TestKeyEchoedInASummaryNeverReachesTheOutput(t *testing.T) {
	t.Parallel()
	const key = "sk-echoed-0123456789abcdef"
	srv := newChatServer(t, func(w http.ResponseWriter, r *http.Request, _ int64) {
		completion(w, "Summary. You sent "+r.Header.Get("Authorization"))
	})
	stdout, stderr, code := runEnv(t, []string{"CTXLAB_LLM_API_KEY=" + key}, "", "assemble", "--memory", "summary", "--format", "json",
		"--summarizer", "llm", "--llm-base-url", srv.baseURL(), "--llm-model", "m")
	if code != 0 || strings.Contains(stdout+stderr, key) || !strings.Contains(stdout, "You sent Bearer [redacted]") {
		t.Errorf("exit %d; the key printed %v; stderr %q", code, strings.Contains(stdout+stderr, key), stderr)
	}
}
