package cli_test

import (
	"html"
	"path/filepath"
	"strings"
	"testing"
)

// verdictParts are the trajectory page's verdict line and its What to
// change, unescaped and without markup.
func verdictParts(t *testing.T, page string) (line, change string) {
	t.Helper()
	_, rest, ok := strings.Cut(page, `<p class="line">`)
	if !ok {
		t.Fatalf("the page has no verdict line")
	}
	line, _, _ = strings.Cut(rest, "</p>")
	if _, rest, ok = strings.Cut(page, "<strong>What to change:</strong>"); ok {
		change, _, _ = strings.Cut(rest, "</p>")
	}
	return html.UnescapeString(stripTags(line)), strings.TrimSpace(html.UnescapeString(change))
}

// stripTags drops the markup of a fragment.
func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// A window the user set below the model's own is said to be theirs:
// the provider would take the request, so the verdict does not say it
// refuses it. What to change recommends the cheapest policy that keeps
// every turn within the window, or says none does.
func TestReportTrajectorySetWindowAndRecommendation(t *testing.T) {
	t.Parallel()
	path := filepath.Join("..", "loaders", "trajectory", "testdata", "taubench", "airline-task2-62-messages.json")

	line, change := verdictParts(t, reportPage(t, "--trajectory", path, "--window", "11000"))
	for _, want := range []string{"over the 11,000-token window you set", "gpt-4o's own is 128,000", "the provider itself would accept the request"} {
		if !strings.Contains(line, want) {
			t.Errorf("the verdict %q lacks %q", line, want)
		}
	}
	if strings.Contains(line, "the provider refuses") {
		t.Errorf("the verdict says the provider refuses a request within gpt-4o's window: %q", line)
	}
	if want := "Use watermark:0.8/0.6: of the 4 policies that keep every turn within the window it is the cheapest ($181.53 per 1,000 trajectories"; !strings.HasPrefix(change, want) {
		t.Errorf("What to change %q does not start with the recommendation %q", change, want)
	}

	_, change = verdictParts(t, reportPage(t, "--trajectory", path, "--window", "6000"))
	if want := "No policy replayed keeps every turn within it, so none can be recommended"; !strings.Contains(change, want) {
		t.Errorf("What to change %q lacks %q", change, want)
	}
}
