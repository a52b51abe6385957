package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostileConversation is one conversation given whole whose messages
// carry hostileMarkup: each assistant message is a turn, and the last
// turn's tool result is long enough to go over a small window.
func hostileConversation(t *testing.T) string {
	t.Helper()
	msgs := []map[string]any{{"role": "system", "content": "You are a support agent. " + hostileMarkup[0]}}
	for i, h := range hostileMarkup {
		msgs = append(msgs,
			map[string]any{"role": "user", "content": h + " where is my refund?"},
			map[string]any{"role": "assistant", "content": "Looking it up. " + strings.Repeat("Refunds take 60 days. ", 10*(i+1)) + h})
	}
	body, _ := json.Marshal(map[string]any{"model": "gpt-4o", "messages": msgs})
	return writeFile(t, "hostile-trajectory.json", string(body))
}

// TestReportTrajectoryHostile: report --trajectory holds the timeline,
// the policy table and the turns, with every message's text escaped,
// the page inert; replay --format markdown says the same in Markdown.
func TestReportTrajectoryHostile(t *testing.T) {
	conv := hostileConversation(t)
	out := filepath.Join(t.TempDir(), "t.html")
	_, stderr, code := run(t, "", "report", "--trajectory", conv, "--window", "2500", "--reserve", "500", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	checkInertPage(t, page)
	for _, want := range []string{
		`<svg class="timeline"`, `class="windowline"`, `class="firstover"`, `class="cached"`,
		"Trim policies compared", "turns over the window", "per 1,000", "clear-tool-results:3",
		"the first at turn", "&lt;script&gt;document.body.setAttribute", "Turns (9)",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(page, "<script>document") || strings.Contains(page, "onerror=\"document") {
		t.Error("message markup reached the page unescaped")
	}

	md, stderr, code := run(t, "", "replay", "--trajectory", conv, "--window", "2500", "--reserve", "500", "--format", "markdown")
	if code != 3 {
		t.Fatalf("replay --format markdown: exit %d, want 3 (a turn over the window): %s", code, stderr)
	}
	if !strings.HasPrefix(md, "### ▲ ") || !strings.Contains(md, "| policy | turns over the window |") || !strings.Contains(md, "<details><summary>Turns (9)") {
		t.Errorf("markdown:\n%s", md)
	}
	for _, bad := range []string{"<script", "<img", "<svg onload", "</style>"} {
		if strings.Contains(md, bad) {
			t.Errorf("markdown holds %q unescaped", bad)
		}
	}
}
