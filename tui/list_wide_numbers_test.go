package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"

	"ctxlab/core/value"
	"ctxlab/loaders/scenario"
)

// TestHugeTokenCountKeepsTheListAligned: a document of hundreds of
// thousands of tokens widens the token column instead of pushing its
// source out of line with the header's and the other rows'.
func TestHugeTokenCountKeepsTheListAligned(t *testing.T) {
	t.Parallel()
	sc := sampleScenario(t, "support_chat")
	sc.Documents = []value.Document{
		{Content: strings.Repeat("refund policy for damaged tents ", 40_000), Score: 0.9, Source: "huge.md"},
		{Content: "A short note about carrier claims and damaged parcels.", Score: 0.5, Source: "short.md"},
	}
	m := New(Config{Scenario: sc, Theme: "dark", Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir(), WriteScenario: scenario.Write})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = settle(t, m, m.Init())
	// The list's header and rows; the inspector beside them names the
	// selected document too, further right.
	column := map[string]int{}
	for _, line := range strings.Split(ansi.Strip(m.View()), "\n") {
		for word, mark := range map[string]string{"source": " tok", "huge.md": " 0.90 ", "short.md": " 0.50 "} {
			if i := strings.Index(line, " "+word); i >= 0 && strings.Contains(line[:i], mark) && column[word] == 0 {
				column[word] = runewidth.StringWidth(line[:i])
			}
		}
	}
	if column["source"] == 0 || column["huge.md"] != column["source"] || column["short.md"] != column["source"] {
		t.Errorf("the source column starts at cell %d in the header, %d for huge.md, %d for short.md", column["source"], column["huge.md"], column["short.md"])
	}
}
