package tui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders/request"
)

// headerFor opens the workbench on one interaction of a cassette and
// returns its header's first line.
func headerFor(t *testing.T, cassette string, interaction int) (string, Model) {
	t.Helper()
	path := filepath.Join("..", "loaders", "trajectory", "testdata", "pydantic-ai", cassette)
	sc, err := request.Load(path, nil, request.Options{Interaction: interaction})
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{Scenario: sc, Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	m = send(t, m, tea.WindowSizeMsg{Width: 220, Height: 40})
	m = settle(t, m, m.Init())
	return strings.SplitN(m.View(), "\n", 2)[0], m
}

// TestHeaderShowsCountedAgainstBilled: a cassette whose response recorded
// the provider's usage shows, on the first screen, ctxlab's count beside
// the bill and the gap, and no "nothing was cut, lost or estimated".
func TestHeaderShowsCountedAgainstBilled(t *testing.T) {
	header, m := headerFor(t, "anthropic_cache_real_api.yaml", 2)
	b := m.eval.Bill
	if b == nil {
		t.Fatal("no bill for a cassette with recorded usage")
	}
	if b.InputTokens != 1532 || b.CachedTokens != 1111 || b.CacheWriteTokens != 418 || b.Gap() == 0 {
		t.Fatalf("bill %+v, gap %d", b.Billed, b.Gap())
	}
	for _, want := range []string{"counted " + numfmt.Thousands(b.Counted) + " · billed 1,532 (" + b.GapWords() + ")", "estimate ±"} {
		if !strings.Contains(header, want) {
			t.Errorf("header lacks %q:\n%s", want, header)
		}
	}
	if strings.Contains(m.View(), "nothing was cut, lost or estimated") {
		t.Error("the screen says nothing was estimated while the count differs from the bill")
	}
}

// TestHeaderSaysNothingWithoutUsage: no recorded usage, no bill words.
func TestHeaderSaysNothingWithoutUsage(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 220, 40)
	header := strings.SplitN(m.View(), "\n", 2)[0]
	if m.eval.Bill != nil || strings.Contains(header, "billed") {
		t.Errorf("a scenario without usage shows a bill: %q", header)
	}
}

// TestHeaderBudgetedSaysTheBillAlone: a budgeted assembly is not the
// request billed: the header gives the bill and how to compare it.
func TestHeaderBudgetedSaysTheBillAlone(t *testing.T) {
	_, m := headerFor(t, "anthropic_cache_real_api.yaml", 2)
	m = keys(t, m, "c")
	m.controls.SelectID("assembly")
	for _, k := range []string{"left", "right"} {
		if m.settings.Mode != window.MeasureOnly {
			break
		}
		m = keys(t, m, k)
	}
	if m.settings.Mode == window.MeasureOnly {
		t.Fatal("could not leave measure mode")
	}
	header := strings.SplitN(m.View(), "\n", 2)[0]
	if m.eval.Bill != nil || !strings.Contains(header, "billed 1,532 as sent (measure to compare)") || strings.Contains(header, "counted ") {
		t.Errorf("budgeted header: %q", header)
	}
}
