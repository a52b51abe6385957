package cli_test

import (
	"strings"
	"testing"
)

// A GenAI span whose instrumentation recorded no tool definitions, though
// the request made tool calls: counted 93, billed 133. The gap is the
// definitions the provider was sent, so the finding names them first;
// the cost prices the bill, not the count.
func TestBilledGapNamesTheMissingToolDefinitions(t *testing.T) {
	out, errOut, code := run(t, "", "assemble", "--request", "../loaders/trace/testdata/otel-genai/traces.jsonl",
		"--logs", "../loaders/trace/testdata/otel-genai/logs.jsonl", "--span-id", "f020148a18480986")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "counted 93 · billed 133") {
		t.Fatalf("not the span this test is about:\n%s", out)
	}
	var finding string
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "count-differs-from-bill") {
			finding = line
		}
	}
	likeliest := strings.Index(finding, "Most likely")
	tools := strings.Index(finding, "tool definitions")
	if likeliest < 0 || tools < likeliest || strings.Contains(finding[likeliest:tools], "tool_calls") {
		t.Errorf("the finding does not name the missing tool definitions first: %s", finding)
	}
	if !strings.Contains(out, "uncached input: 133 tokens") || strings.Contains(out, "uncached input: 93 tokens") {
		t.Errorf("the cost does not price the 133 tokens billed:\n%s", out)
	}
}
