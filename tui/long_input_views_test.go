package tui

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/internal/racetest"
	"ctxlab/loaders/scenario"
)

// longFields put a text of n bytes where a production request can carry
// one: a page's text in a document, or in its source (a retrieval system
// that filled the wrong field), a tool's output, name or description, the
// system prompt, the query, a chat message.
var longFields = map[string]func(sc *core.Scenario, long string){
	"source":          func(sc *core.Scenario, long string) { sc.Documents[bestDocument(sc)].Source = long },
	"content":         func(sc *core.Scenario, long string) { sc.Documents[bestDocument(sc)].Content = long },
	"tool result":     func(sc *core.Scenario, long string) { sc.ToolResults[0].Content = long },
	"tool name":       func(sc *core.Scenario, long string) { sc.ToolResults[0].Name = long },
	"system prompt":   func(sc *core.Scenario, long string) { sc.SystemPrompt = long },
	"query":           func(sc *core.Scenario, long string) { sc.Settings.Query = long },
	"history message": func(sc *core.Scenario, long string) { sc.History[0].Content = long },
	"tool description": func(sc *core.Scenario, long string) {
		sc.Tools = append(sc.Tools, []byte(`{"type":"function","function":{"name":"big","description":"`+long+`"}}`))
	},
}

// bestDocument is the highest-scoring document: the one sent, cited and
// named by the findings.
func bestDocument(sc *core.Scenario) int {
	best := 0
	for i, d := range sc.Documents {
		if d.Score > sc.Documents[best].Score {
			best = i
		}
	}
	return best
}

// TestEveryViewDrawsALongInputInBoundedSpace opens every view, the
// inspector, the diagnosis, the fixes and the token views over an input
// with one part of 512 KB, one word long (the worst case for
// wrapping) or many words. Each screen is drawn within its width, and what
// the panes hold is bounded by what they draw, not by the input: a 50 MB
// source was wrapped whole into the context view (in time quadratic in
// its length: the workbench froze and outlived its terminal), a long
// tool description or query held again, wrapped and styled, by each
// view, and a finding quoted a source whole.
func TestEveryViewDrawsALongInputInBoundedSpace(t *testing.T) {
	t.Parallel()
	const size = 512 << 10
	screens := [][]string{{"1"}, {"1", "enter"}, {"1", "enter", "T"}, {"2"}, {"2", "T"}, {"3"}, {"4"}, {"5"}, {"6"}, {"6", "enter"},
		{"d"}, {"d", "enter"}, {"?"}, {"c"}, {"1", "/"}}
	// A pane holds what it draws of a text (draw.Limit and the
	// inspector's excerpt, 256 KB) and a few screens of prose: at most
	// 4,010 lines of the view and 6,434 of the inspector over these
	// inputs. The long part drawn whole is over 8,100 lines of the view
	// and 12,800 of the inspector, so the bounds sit between.
	const width, height = 80, 24
	const maxViewLines, maxInspectorLines = 6_000, 10_000
	inputs := []struct {
		long string
		mode window.Mode
	}{
		{strings.Repeat("a", size), window.Budgeted},
		{strings.Repeat("a", size), window.MeasureOnly}, // as an imported request: every part whole
		{"kb/" + strings.Repeat("word ", size/5), window.Budgeted},
	}
	// Under -race, the package's longest test: the one-word input only.
	inputs = inputs[:max(1, racetest.Cut(len(inputs), 3))]
	// Under -race, each field draws every stride-th screen, from its own
	// offset, so that every screen is drawn over some field.
	stride := len(screens) / max(1, racetest.Cut(len(screens), 3))
	names := slices.Sorted(maps.Keys(longFields))
	// Each field on its own, beside the others.
	for k, name := range names {
		put := longFields[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, c := range inputs {
				long := c.long
				if long[0] == 'k' && name != "source" && name != "query" {
					continue // words matter where they are read as words: a source's path marks, a control's text
				}
				sc := sampleScenario(t, "support_chat")
				put(sc, long)
				sc.Settings.Mode = c.mode
				m := New(Config{Scenario: sc, Theme: "dark", Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir(), WriteScenario: scenario.Write})
				m = send(t, m, tea.WindowSizeMsg{Width: width, Height: height})
				m = settle(t, m, m.Init())
				all := screens
				if c.mode == window.Budgeted && long[0] == 'a' {
					all = append(all, []string{"f"}) // each fix previewed is an evaluation: once is enough
				}
				for j, ks := range all {
					if j%stride != k%stride {
						continue
					}
					label := name + " " + long[:4] + "… " + string(c.mode) + ": " + strings.Join(ks, " ")
					shown := keysWithin(t, label, m, ks...)
					for i, line := range strings.Split(shown.View(), "\n") {
						if w := ansi.StringWidth(line); w > width {
							t.Errorf("%s: line %d is %d cells wide, past the terminal's %d", label, i+1, w, width)
						}
					}
					if n := shown.views.vp.TotalLineCount(); n > maxViewLines {
						t.Errorf("%s: the view holds %d lines; want at most %d whatever the input's length", label, n, maxViewLines)
					}
					if n := shown.inspector.vp.TotalLineCount(); n > maxInspectorLines {
						t.Errorf("%s: the inspector holds %d lines; want at most %d", label, n, maxInspectorLines)
					}
				}
				if shown := keysWithin(t, name+" findings", m); shown.eval != nil {
					for _, f := range shown.eval.Findings {
						if len(f.Message) > 2000 {
							t.Errorf("%s: finding %s is %d bytes: it quotes the long part whole", name, f.Code, len(f.Message))
						}
					}
				}
			}
		})
	}
}

// keysWithin sends the keys and fails, rather than hangs, when the
// workbench does not answer them within a deadline far past what they
// take: a view that wrapped a long word in quadratic time answered after
// hours.
func keysWithin(t *testing.T, label string, m Model, ks ...string) Model {
	t.Helper()
	done := make(chan Model, 1)
	go func() { done <- keys(t, m, ks...) }()
	select {
	case shown := <-done:
		return shown
	case <-time.After(3 * time.Minute):
		t.Fatalf("%s: the workbench did not answer its keys", label)
		return m
	}
}
