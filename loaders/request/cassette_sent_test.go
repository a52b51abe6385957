package request

import (
	"os"
	"strings"
	"testing"

	"ctxlab/internal/testcorpus"
)

// TestRenamedCassetteBillNotCompared: pydantic-ai recorded
// test_multiple_parallel_tool_calls with claude-3-5-haiku-latest and later
// renamed it to claude-haiku-4-5 without recording again. Its requests'
// content-length is the length of the body as sent (778 and 1,988 bytes,
// 7 more than the renamed body's), so the bills (423 and 771 tokens,
// Claude 3.5 Haiku's) are not compared with a count for Claude Haiku 4.5:
// a note says why. The count itself is Claude Haiku 4.5's.
func TestRenamedCassetteBillNotCompared(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(testcorpus.Path("pydantic-ai-llm-requests/test_multiple_parallel_tool_calls.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		interaction      int
		recorded, billed string
	}{{1, "778", "423"}, {2, "1,988", "771"}} {
		sc, err := Parse("test_multiple_parallel_tool_calls.yaml", data, Options{Interaction: c.interaction})
		if err != nil {
			t.Fatal(err)
		}
		if sc.Recorded != nil {
			t.Errorf("interaction %d: the renamed body's bill is compared: %+v", c.interaction, *sc.Recorded)
		}
		notes := strings.Join(sc.Notes, "\n")
		for _, want := range []string{"recorded content-length is " + c.recorded + " bytes", "edited after it was sent", "the " + c.billed + " input tokens recorded for it are another body's bill, not compared"} {
			if !strings.Contains(notes, want) {
				t.Errorf("interaction %d: notes lack %q:\n%s", c.interaction, want, notes)
			}
		}
	}
}

// TestSentBodyKeepsItsBill: a recorded body whose content-length is its
// length as some client writes it keeps its bill; one whose length is
// another's does not; a number clients spell differently (1.0 or 1)
// leaves the check undecided, so the bill is kept.
func TestSentBodyKeepsItsBill(t *testing.T) {
	t.Parallel()
	cassette := func(length, temperature string) string {
		return `interactions:
- request:
    headers:
      content-length:
      - '` + length + `'
      content-type:
      - application/json
    parsed_body:
      model: gpt-4o
      temperature: ` + temperature + `
      messages:
      - {role: user, content: "héllo <there>"}
  response:
    parsed_body:
      usage: {prompt_tokens: 10, completion_tokens: 3}
`
	}
	// {"model":"gpt-4o","temperature":0.5,"messages":[{"role":"user","content":"héllo <there>"}]}
	// is 92 bytes compact with é as UTF-8 (JavaScript), 96 with it as
	// \u00e9 (Python, compact), 102 with < and > as \u003c and \u003e (Go),
	// 104 with Python's default ", " and ": " and \u00e9.
	for _, c := range []struct {
		length, temperature string
		kept                bool
	}{
		{"92", "0.5", true}, {"96", "0.5", true}, {"102", "0.5", true}, {"104", "0.5", true},
		{"95", "0.5", false}, {"85", "0.5", false}, {"95", "1.0", true},
	} {
		sc, err := Parse("c.yaml", []byte(cassette(c.length, c.temperature)), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if kept := sc.Recorded != nil; kept != c.kept {
			t.Errorf("content-length %s, temperature %s: bill kept %v, want %v (notes %q)", c.length, c.temperature, kept, c.kept, sc.Notes)
		}
	}
}
