package tui

import (
	"strings"
	"testing"
	"time"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/loaders/scenario"
	"ctxlab/sample"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A request a trim policy sends is measured as the policy sends it: the
// header does not call it the request as sent.
func TestHeaderOfATrimmedTurn(t *testing.T) {
	sc, err := scenario.LoadFS(sample.FS, "support_chat.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc.Settings.Mode = window.MeasureOnly
	sc.Trim = &core.Trim{Policy: "last 20", Removed: 9, TaskDropped: true}
	m := New(Config{Scenario: sc, Theme: "mono", Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir(), WriteScenario: scenario.Write})
	m = send(t, m, tea.WindowSizeMsg{Width: 200, Height: 48})
	m = settle(t, m, m.Init())
	header := ansi.Strip(m.renderHeader())
	if strings.Contains(header, "measured as sent") || !strings.Contains(header, "measured as the policy sends it") {
		t.Errorf("header %q", header)
	}
}
