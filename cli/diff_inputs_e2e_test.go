package cli_test

import (
	"strings"
	"testing"
)

// Two scenario files differ in their inputs as well as their settings:
// diff says which, by size, beside the settings that differ.
func TestDiffSaysWhichInputsDiffer(t *testing.T) {
	t.Parallel()
	out, stderr, code := run(t, "", "diff", "../sample/support_chat.yaml", "../sample/overflow.yaml")
	if code != 0 {
		t.Fatalf("diff: exit %d: %s", code, stderr)
	}
	want := "Inputs that differ (4)\n" +
		"  system prompt: 1,282 → 704 characters, 279 → 148 tokens before any cut\n" +
		"  tool definitions: 6 → 4 tools, 557 → 167 tokens before any cut\n" +
		"  conversation history: 30 → 80 messages, 1,966 → 5,541 tokens before any cut\n" +
		"  tool results: 2 → 2 tool results, 444 → 56,253 tokens before any cut\n"
	if !strings.Contains(out, want) {
		t.Errorf("diff does not say which inputs differ; want\n%s\ngot:\n%.1500s", want, out)
	}
	md, _, _ := run(t, "", "diff", "../sample/support_chat.yaml", "../sample/overflow.yaml", "--format", "markdown")
	if !strings.Contains(md, "| conversation history | 30 → 80 messages, 1,966 → 5,541 tokens before any cut |") {
		t.Errorf("the Markdown does not list the inputs that differ:\n%.2000s", md)
	}
	// One input under two settings: no input differs, and none is listed.
	same, _, _ := run(t, "", "diff", "--scenario", "../sample/overflow.yaml", "--set", "dedup-threshold=0.72")
	if strings.Contains(same, "Inputs that differ") {
		t.Errorf("a diff of one input lists inputs that differ:\n%.1500s", same)
	}
}
