package cli_test

import (
	"html"
	"strings"
	"testing"
)

// assembleCostLines are the lines of assemble's Cost section: its
// heading (less the word "Cost") and the figures under it.
func assembleCostLines(t *testing.T, args ...string) []string {
	t.Helper()
	out, stderr, code := run(t, "", append([]string{"assemble"}, args...)...)
	if code != 0 && code != 3 { // 3: the request does not fit
		t.Fatalf("assemble %v: exit %d: %s", args, code, stderr)
	}
	var lines []string
	in := false
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "Cost "):
			in = true
			lines = append(lines, strings.TrimPrefix(line, "Cost "))
		case in && strings.HasPrefix(line, "  "):
			lines = append(lines, strings.TrimSpace(line))
		case in:
			return lines
		}
	}
	if len(lines) == 0 {
		t.Fatalf("assemble %v printed no Cost section:\n%s", args, out)
	}
	return lines
}

// The HTML report and assemble's Markdown, of a scenario and of a trace's
// span,
// carry the Cost section assemble prints, line for line, and the verdict
// says what the request costs (or that it buys no answer) and what the
// best fix brings it to.
func TestReportCarriesAssemblesCost(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		args    []string
		verdict []string
	}{
		{"overflowing scenario", []string{"--scenario", "../sample/overflow.yaml"},
			[]string{"the provider refuses it", "per 1,000 requests of input", "With fix "}},
		{"fitting scenario", []string{"--scenario", "../sample/support_chat.yaml"},
			[]string{"list prices it costs $", "With fix 1: $", "saves $"}},
		{"trace span", []string{"--request", "../loaders/trace/testdata/openinference/traces.jsonl", "--span-id", "d0e72f35d0eccf2d"},
			[]string{"list prices it costs $0.000178 per request in input, $0.178 per 1,000 requests."}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			want := assembleCostLines(t, tc.args...)
			page, stderr, code := run(t, "", append([]string{"report"}, tc.args...)...)
			if code != 0 {
				t.Fatalf("report: exit %d: %s", code, stderr)
			}
			text := html.UnescapeString(page)
			if !strings.Contains(page, `<section id="cost"`) {
				t.Errorf("the HTML report has no Cost section")
			}
			md, stderr, code := run(t, "", append([]string{"assemble", "--format", "markdown"}, tc.args...)...)
			if code != 0 && code != 3 {
				t.Fatalf("assemble --format markdown: exit %d: %s", code, stderr)
			}
			for _, line := range want {
				if !strings.Contains(text, line) {
					t.Errorf("the HTML report lacks assemble's cost line %q", line)
				}
				if !strings.Contains(strings.ReplaceAll(md, `\`, ""), line) {
					t.Errorf("the Markdown report lacks assemble's cost line %q", line)
				}
			}
			_, verdict, _ := strings.Cut(text, "What it costs:")
			verdict, _, _ = strings.Cut(verdict, "</p>")
			for _, w := range tc.verdict {
				if !strings.Contains(verdict, w) {
					t.Errorf("the verdict's cost %q lacks %q", verdict, w)
				}
			}
		})
	}
}
