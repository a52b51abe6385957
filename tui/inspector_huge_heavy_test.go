//go:build heavy

package tui

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core/value"
	"ctxlab/loaders/scenario"
	"ctxlab/tui/inspector"
)

// TestInspectorOfAHugeDocumentStaysSmall: a 1 MB document is laid out in
// the inspector, as text and as tokens, from its first quarter megabyte
// only, so the update loop is not held for minutes (a 50 MB document was)
// while Ctrl-C waits.
func TestInspectorOfAHugeDocumentStaysSmall(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	words := []string{"refund", "policy", "tent", "order", "carrier", "damage", "warranty", "pole", "lot", "hold"}
	var text strings.Builder
	for text.Len() < 1<<20 {
		text.WriteString(words[rng.IntN(len(words))])
		text.WriteByte(' ')
	}
	sc := sampleScenario(t, "support_chat")
	sc.Documents = []value.Document{{Content: text.String(), Score: 0.9, Source: "huge.md"}}
	m := New(Config{Scenario: sc, Theme: "dark", Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir(), WriteScenario: scenario.Write})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = settle(t, m, m.Init())
	for _, tokenView := range []bool{false, true} {
		if tokenView {
			m = keys(t, m, "T")
		}
		lines := m.inspector.vp.TotalLineCount()
		// A quarter megabyte wrapped to the pane's width, with room for the
		// stage lines and token ids; the whole 1 MB would need four times as many.
		most := 2*inspector.TextLimit/max(1, m.inspector.vp.Width-1) + 200
		if tokenView {
			most *= 3 // ids and separators
		}
		if lines == 0 || lines > most {
			t.Errorf("token view %v: the inspector holds %d lines at width %d; want at most %d", tokenView, lines, m.inspector.vp.Width, most)
		}
		m.inspector.vp.GotoBottom()
		if view := m.inspector.vp.View(); !strings.Contains(strings.Join(strings.Fields(view), " "), "not shown") {
			t.Errorf("token view %v: the end of the inspector does not say the rest is not shown:\n%s", tokenView, view)
		}
	}
}
