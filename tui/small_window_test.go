package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"ctxlab/core/window"
	"ctxlab/loaders/request"
	"ctxlab/tui/views"
)

// smallWindowRequest is an imported request (no max_tokens: the 4,096
// default reserve) opened with --window 1500, which the workbench opens
// as an overflow caused by the reserve.
func smallWindowRequest(t testing.TB, width, height int) Model {
	t.Helper()
	body := `{"model": "gpt-4o", "messages": [{"role": "system", "content": "You answer questions about orders."}, {"role": "user", "content": "Where is my order ORD-48597?"}]}`
	sc, err := request.Parse("big.json", []byte(body), request.Options{Window: 1_500})
	if err != nil {
		t.Fatalf("the request was refused: %v", err)
	}
	m := New(Config{Scenario: sc, Theme: "mono", Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	m = send(t, m, tea.WindowSizeMsg{Width: width, Height: height})
	return settle(t, m, m.Init())
}

// The small-window request opens with the request measured and the
// overflow explained by its cause, the reserve, and the controls to
// change; no negative max input is shown.
func TestSmallWindowOpensAsOverflow(t *testing.T) {
	m := smallWindowRequest(t, 160, 48)
	if m.evalErr != nil || m.eval == nil || m.eval.Overflow == nil || m.eval.Overflow.Reserve == nil {
		t.Fatalf("evaluation %v, error %v: want an overflow caused by the reserve", m.eval, m.evalErr)
	}
	want := "the response reserve of 4,096 leaves no room in a 1,500-token window: lower the reserve or raise the window"
	if banner := m.bannerText(); !strings.Contains(banner, want) {
		t.Errorf("banner %q lacks %q", banner, want)
	}
	view := m.View()
	if !strings.Contains(view, "▲ the response reserve of 4,096 leaves no room in a 1,500-token window") {
		t.Errorf("the window bar does not say the cause:\n%s", view)
	}
	if strings.Contains(view, "-2,596") || strings.Contains(view, "-2596") {
		t.Errorf("a negative max input is shown:\n%s", view)
	}
	metrics := strings.Join(strings.Fields(views.Metrics(m.styles, m.eval, 150)), " ")
	if !strings.Contains(metrics, "no input fits") || !strings.Contains(metrics, "max input 0") {
		t.Errorf("metrics do not explain the overflow:\n%s", metrics)
	}
}

// Raising the window with its control clears the overflow: the cause
// named is the one the control fixes.
func TestSmallWindowFixedByTheWindowControl(t *testing.T) {
	m := smallWindowRequest(t, 160, 48)
	m = keys(t, m, "c")
	m.controls.SelectID("window")
	m = keys(t, m, "enter", "ctrl+u")
	m = typeText(t, m, "8000")
	m = keys(t, m, "enter")
	if m.settings.Budget.TotalWindow != 8_000 || m.eval.Overflow != nil || m.eval.BudgetProblem != nil {
		t.Fatalf("window %d: overflow %v, budget problem %v", m.settings.Budget.TotalWindow, m.eval.Overflow, m.eval.BudgetProblem)
	}
	// And turning a budgeted scenario's window under its reserve is an
	// overflow too, not a refused setting.
	m = newTestModel(t, "support_chat", "mono", 160, 48)
	m = keys(t, m, "c")
	m.controls.SelectID("window")
	m = keys(t, m, "enter", "ctrl+u")
	m = typeText(t, m, "1500")
	m = keys(t, m, "enter")
	if m.controls.ErrText() != "" || m.settings.Budget.TotalWindow != 1_500 {
		t.Fatalf("the window was refused: %q", m.controls.ErrText())
	}
	if m.eval.Assembly.Mode != window.MeasureOnly || m.eval.BudgetProblem == nil ||
		!strings.Contains(m.bannerText(), "lower the reserve or raise the window; measured as sent instead") {
		t.Errorf("banner %q", m.bannerText())
	}
}

// TestGoldenSmallWindow pins the first screen of the small-window request
// at the smallest supported size and a large one.
func TestGoldenSmallWindow(t *testing.T) {
	for _, size := range []struct {
		name string
		w, h int
	}{{"80x24", 80, 24}, {"160x48", 160, 48}} {
		t.Run(size.name, func(t *testing.T) {
			golden.RequireEqual(t, []byte(smallWindowRequest(t, size.w, size.h).View()))
		})
	}
}

// A model ctxlab does not know, typed into the model control, is counted
// with o200k_base and marked as an estimate in the header and the notes,
// not refused.
func TestUnknownModelIsAnEstimate(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	m = keys(t, m, "c")
	m.controls.SelectID("model")
	m = keys(t, m, "enter", "ctrl+u")
	m = typeText(t, m, "llama-3")
	m = keys(t, m, "enter")
	if m.controls.ErrText() != "" || m.settings.Model != "llama-3" {
		t.Fatalf("model %q refused: %q", m.settings.Model, m.controls.ErrText())
	}
	if header := strings.Split(m.View(), "\n")[0]; !strings.Contains(header, "llama-3 (o200k_base, estimate)") {
		t.Errorf("header %q does not mark the estimate", header)
	}
	want := `model "llama-3" is not in ctxlab's model table: token counts are o200k_base estimates`
	if metrics := strings.Join(strings.Fields(views.Metrics(m.styles, m.eval, 150)), " "); !strings.Contains(metrics, want) {
		t.Errorf("metrics notes lack %q:\n%s", want, metrics)
	}
}
