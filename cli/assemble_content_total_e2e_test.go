package cli_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// The message contents alone are part of the total: counted for an
// imported request as the billed rendering counts them (a tool call as
// OpenAI renders it, not its JSON), they never exceed it. The line is a
// note on the article's way of counting: an imported request's report
// leaves it out, a scenario's keeps it.
func TestAssembleContentTotalIsPartOfTheTotal(t *testing.T) {
	args := []string{"assemble", "--request", "../loaders/trace/testdata/otel-genai/traces.jsonl",
		"--logs", "../loaders/trace/testdata/otel-genai/logs.jsonl", "--span-id", "f020148a18480986"}
	out, errOut, code := run(t, "", append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r struct {
		Assembly struct {
			Used           int `json:"used"`
			ReferenceTotal int `json:"reference_total"`
		} `json:"assembly"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Assembly.ReferenceTotal > r.Assembly.Used || r.Assembly.ReferenceTotal == 0 {
		t.Errorf("message contents %d of a %d-token total", r.Assembly.ReferenceTotal, r.Assembly.Used)
	}

	text, errOut, code := run(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(text, "article's own total") || strings.Contains(text, "as the reference article counts them") {
		t.Errorf("an imported request's report carries the article's content-only total:\n%s", text)
	}
	sample, errOut, code := run(t, "", "assemble")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(sample, "  message contents alone, as the reference article counts them: ") {
		t.Errorf("the sample's report lacks the content-only total:\n%s", sample)
	}
}
