package cli_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestHostileLLMSummaryStaysInert: a summary from the endpoint is input
// like any other: escape sequences, C1 controls and bidi overrides in it
// are shown inert in the text report and written as escapes in JSON,
// where it still decodes to what the endpoint sent.
func TestHostileLLMSummaryStaysInert(t *testing.T) {
	t.Parallel()
	srv := newChatServer(t, func(w http.ResponseWriter, r *http.Request, _ int64) {
		completion(w, "Summary "+terminalHostile+" done.")
	})
	for _, format := range []string{"text", "json"} {
		stdout, stderr, code := runEnv(t, nil, "", "assemble", "--memory", "summary", "--format", format,
			"--summarizer", "llm", "--llm-base-url", srv.baseURL(), "--llm-model", "m")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, stderr)
		}
		for stream, text := range map[string]string{"stdout": stdout, "stderr": stderr} {
			if r, at := firstControl(text); at >= 0 {
				t.Errorf("%s: %s holds U+%04X at byte %d: %q", format, stream, r, at, text[max(0, at-40):min(len(text), at+40)])
			}
		}
		switch format {
		case "text":
			if !strings.Contains(stdout, "Summary ␛]0;pwned␇") {
				t.Errorf("the text report does not show the summary made visible:\n%s", stdout)
			}
		case "json":
			if !json.Valid([]byte(stdout)) || !strings.Contains(stdout, `Summary \u001b]0;pwned\u0007`) || !strings.Contains(stdout, `\u202eevil`) {
				t.Errorf("the JSON does not carry the summary as escapes:\n%.2000s", stdout)
			}
		}
	}
}
