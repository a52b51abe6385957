package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/core/value"
	"ctxlab/loaders/scenario"
)

// urlScenario is two pages of one arXiv paper, their texts unlike, and a
// third document, deduplicated by URL.
func urlScenario() *core.Scenario {
	s := core.DefaultSettings()
	s.Pipeline.DedupKey = pipeline.DedupKeyURL
	return &core.Scenario{Name: "urls", Settings: s, Documents: []value.Document{
		{Content: "Lost in the middle: language models use information at the start and end of long contexts best.", Score: 0.91, Source: "https://arxiv.org/abs/2307.03172"},
		{Content: "The paper measures multi-document question answering as the relevant passage moves through the context.", Score: 0.87, Source: "https://arxiv.org/pdf/2307.03172v2"},
		{Content: "Retrieval augmented generation combines a retriever and a generator so the model can cite its sources.", Score: 0.8, Source: "https://example.com/rag"},
	}}
}

// A document the URL key removed is the same source as the one kept,
// not an exact copy of its text: the list's note, the inspector's
// headline, its dedup line and the kept document's relations say so.
func TestSameURLIsNotAnExactCopy(t *testing.T) {
	for _, tt := range []struct {
		width int
		note  string
	}{{160, "= same URL as #1"}, {120, "= #1 same URL"}} {
		m := New(Config{Scenario: urlScenario(), Theme: "mono", Now: func() time.Time { return fixedNow },
			ExportDir: t.TempDir(), WriteScenario: scenario.Write})
		m = send(t, m, tea.WindowSizeMsg{Width: tt.width, Height: 40})
		m = settle(t, m, m.Init())
		screen := ansi.Strip(m.View())
		if !strings.Contains(screen, tt.note) || strings.Contains(screen, "exact") {
			t.Errorf("%d columns: expected the note %q and no \"exact\":\n%s", tt.width, tt.note, screen)
		}
		if !strings.Contains(screen, "duplicated by #2 (same URL)") {
			t.Errorf("%d columns: the kept document's relations lack \"duplicated by #2 (same URL)\":\n%s", tt.width, screen)
		}
		m = keys(t, m, "j")
		screen = ansi.Strip(m.View())
		for _, want := range []string{"= same URL as #1", "same source as #1: same URL,"} {
			if !strings.Contains(screen, want) {
				t.Errorf("%d columns: the inspector of #2 lacks %q:\n%s", tt.width, want, screen)
			}
		}
	}
}
