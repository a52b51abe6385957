package cli_test

import (
	"strings"
	"testing"
)

// The Markdown components table says its marks and the component's note
// apart, not run together ("▲ over by 1,541 measured as sent").
func TestMarkdownComponentNotesAreSeparate(t *testing.T) {
	t.Parallel()
	md, stderr, _ := run(t, "", "assemble", "--scenario", "../sample/overflow.yaml", "--format", "markdown")
	want := "| conversation history | 5,541 | 4,000 | 5,541 | ▲ over by 1,541; measured as sent: over its allocation, nothing cut |"
	if !strings.Contains(md, want) {
		t.Errorf("the Markdown lacks %q:\n%s%s", want, md, stderr)
	}
}

// One request and a thousand of them are rounded by one rule: 71 tokens
// at $2.50 a million are $0.0001775, so $0.000178 and $0.178.
func TestCostPerRequestAndPerThousandAgree(t *testing.T) {
	t.Parallel()
	out, stderr, code := run(t, "", "assemble", "--request", "../loaders/trace/testdata/openinference/traces.jsonl", "--span-id", "d0e72f35d0eccf2d")
	if code != 0 {
		t.Fatalf("assemble: exit %d: %s", code, stderr)
	}
	if want := "$0.000178 per request, $0.178 per 1,000 requests"; !strings.Contains(out, want) {
		t.Errorf("assemble lacks %q:\n%s", want, out)
	}
}
