package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/internal/numfmt"
)

// At every width the header drops whole parts and never cuts one
// mid-word; the count against the bill, in its short form, outlasts the
// cost. At 80 columns a cassette with recorded usage (and a short name)
// shows "counted … · billed … (−n)".
func TestNarrowHeaderDropsWholeParts(t *testing.T) {
	t.Parallel()
	_, m := headerFor(t, "anthropic_cache_real_api.yaml", 2)
	m.cfg.Scenario.Name = "cache"
	b := m.eval.Bill
	if b == nil {
		t.Fatal("no bill for a cassette with recorded usage")
	}
	counted := "counted " + numfmt.Thousands(b.Counted) + " · billed " + numfmt.Thousands(b.InputTokens) + " ("
	for width := 200; width >= 60; width-- {
		m = send(t, m, tea.WindowSizeMsg{Width: width, Height: 40})
		header := ansi.Strip(strings.SplitN(m.View(), "\n", 2)[0])
		if strings.Contains(header, "…") {
			t.Errorf("%d columns: a part is cut: %q", width, header)
		}
		if strings.Contains(header, "per 1,000 requests") && !strings.Contains(header, counted) {
			t.Errorf("%d columns: the cost stays while the bill goes: %q", width, header)
		}
		if strings.Contains(header, "$") && !strings.Contains(header, "per 1,000 requests") {
			t.Errorf("%d columns: the cost is cut: %q", width, header)
		}
		if width == 80 && !strings.Contains(header, counted+b.GapWords()[:strings.Index(b.GapWords(), ",")]+")") {
			t.Errorf("80 columns: no count against the bill: %q", header)
		}
	}
}
