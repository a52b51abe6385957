package cli_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// markdownHostile is text that would break a Markdown table or comment:
// a pipe, a code span, emphasis, a link to javascript:, a mention, an
// issue reference, raw HTML and a line break.
const markdownHostile = "a|b `code` **bold** _em_ [x](javascript:alert(1)) @octocat #12 <script>alert(1)</script> <img src=x onerror=alert(1)>\nsecond line"

// allowedTags are the HTML tags the Markdown writer itself uses.
var allowedTags = regexp.MustCompile(`^(</?(details|summary|sub|code|br)|<details open)>$`)

// TestMarkdownEveryCommand checks that build, assemble, eval and diff
// write a summary that starts with its verdict, holds tables, folds
// the long parts, and keeps hostile names inert.
func TestMarkdownEveryCommand(t *testing.T) {
	t.Parallel()
	var docs strings.Builder
	for i := range 4 {
		line, _ := json.Marshal(map[string]any{"content": strings.Repeat("Refunds take 30 days. "+markdownHostile+" ", 3+i), "score": 0.9 - float64(i)/10, "source": markdownHostile})
		docs.Write(append(line, '\n'))
	}
	hostile := writeFile(t, "hostile.jsonl", docs.String())
	for _, args := range [][]string{
		{"build", "--docs", hostile},
		{"assemble", "--docs", hostile, "--suggest"},
		{"assemble", "--scenario", "../sample/overflow.yaml", "--suggest"},
		{"eval", "--scenario", "../sample/eval/help_center.yaml"},
		{"diff", "--docs", hostile, "--set", "rag-budget=60"},
	} {
		out, stderr, code := run(t, "", append(args, "--format", "markdown")...)
		if code != 0 && code != 3 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		lines := strings.Split(out, "\n")
		if !regexp.MustCompile(`^### [✓!▲] \S`).MatchString(lines[0]) {
			t.Errorf("%v: the first line is not the verdict: %q", args, lines[0])
		}
		if !strings.Contains(out, "\n|---") || !strings.Contains(out, "<details><summary>") {
			t.Errorf("%v: no table or no folded details:\n%.600s", args, out)
		}
		checkInertMarkdown(t, args, lines)
	}
}

// checkInertMarkdown fails on a table row whose cells a pipe from input
// split, an HTML tag the writer does not use, and an unescaped mention,
// issue reference, code span, emphasis or link.
func checkInertMarkdown(t *testing.T, args []string, lines []string) {
	t.Helper()
	cells := -1
	for i, line := range lines {
		if !strings.HasPrefix(line, "|") {
			cells = -1
		} else {
			n := strings.Count(strings.ReplaceAll(line, `\|`, ""), "|")
			if cells >= 0 && n != cells {
				t.Errorf("%v: line %d has %d pipes, its table %d: %.200s", args, i+1, n, cells, line)
			}
			cells = n
		}
		for _, tag := range regexp.MustCompile(`</?[a-zA-Z][^>]*>`).FindAllString(line, -1) {
			if !allowedTags.MatchString(tag) {
				t.Errorf("%v: line %d holds the tag %s", args, i+1, tag)
			}
		}
		if strings.HasPrefix(line, "second line") {
			t.Errorf("%v: line %d: a line break from input started a line", args, i+1)
		}
		for _, bad := range []string{"@octocat", " #12", "`code`", "**bold**", "[x](", "<script"} {
			if strings.Contains(line, bad) {
				t.Errorf("%v: line %d holds %q unescaped: %.200s", args, i+1, bad, line)
			}
		}
	}
}
