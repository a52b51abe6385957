package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/loaders/trace"
	"ctxlab/tui/views"
)

// The Context view sizes each message as the total counts it: a request
// counted as OpenAI bills it renders an assistant's tool calls into the
// prompt, so the call is the 36 tokens the Space ranking and the tool
// results component hold, not the 85 of its tool_calls JSON.
func TestContextViewSizesAMessageAsTheTotalCountsIt(t *testing.T) {
	sc, err := trace.OpenSpan("../loaders/trace/testdata/openinference/traces.jsonl", "bc779477e426c81e", trace.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{Scenario: sc, Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = settle(t, m, m.Init())
	text := ansi.Strip(views.Context(m.styles, m.eval, sc, 200))
	head := regexp.MustCompile(`(?m)^── 3 assistant · ([\d,]+) tokens`).FindStringSubmatch(text)
	if head == nil {
		t.Fatalf("no message 3 in the Context view:\n%s", text)
	}
	var call int
	for _, it := range m.eval.Space() {
		if strings.HasPrefix(it.Label, "message 3: tool call") {
			call = it.Tokens
		}
	}
	if head[1] != "36" || call != 36 {
		t.Errorf("message 3 is %s tokens in the Context view and %d in the Space ranking; want 36, as billed", head[1], call)
	}
}
