package cli_test

// ctxlab tokens, end to end.

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestTokensStdin(t *testing.T) {
	t.Parallel()
	text := "The quick brown fox jumps over the lazy dog. {\"order_id\": \"ORD-48213\", \"total\": \"465.46\"}\n"
	stdout, stderr, code := run(t, text, "tokens")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	header := strings.Fields(strings.SplitN(stdout, "\n", 2)[0])
	if strings.Join(header, " ") != "input bytes words heuristic cl100k_base o200k_base heuristic error" {
		t.Errorf("header = %q", header)
	}
	if !strings.Contains(stdout, "stdin") || !strings.Contains(stdout, "%") {
		t.Errorf("report:\n%s", stdout)
	}

	file := writeFile(t, "a.txt", text)
	stdout, _, code = run(t, "", "tokens", file, "--format", "json", "-")
	var out struct {
		Inputs []struct {
			Input     string   `json:"input"`
			Words     int      `json:"words"`
			Heuristic int      `json:"heuristic"`
			CL100K    int      `json:"cl100k_base"`
			O200K     int      `json:"o200k_base"`
			ErrorPct  *float64 `json:"heuristic_error_pct"`
		} `json:"inputs"`
		Total struct {
			Heuristic int `json:"heuristic"`
		} `json:"total"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || code != 0 || len(out.Inputs) != 2 {
		t.Fatalf("json: exit %d, %v\n%s", code, err, stdout)
	}
	in := out.Inputs[0]
	if in.Words != 13 || in.Heuristic != 16 || in.CL100K == 0 || in.O200K == 0 || in.ErrorPct == nil || out.Total.Heuristic != 16 {
		t.Errorf("counts = %+v, total %+v", in, out.Total)
	}
}

func TestTokensRejectsInvalidUTF8(t *testing.T) {
	t.Parallel()
	path := writeFile(t, "bad.txt", "fine text \xff then more")
	_, stderr, code := run(t, "", "tokens", path)
	if code != 1 || !strings.Contains(stderr, "bad.txt: line 1: invalid UTF-8 at byte offset 10 (byte 0xff)") {
		t.Errorf("exit %d, %q", code, stderr)
	}
}
