package tui

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core/diagnose"
	"ctxlab/core/pipeline"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders/request"
	"ctxlab/tui/diagnosis"
)

// findingLine is the line above the panes that gives the worst finding.
func findingLine(t *testing.T, m Model) string {
	t.Helper()
	for _, l := range screenLines(m) {
		if strings.Contains(l, " · d: ") {
			return l
		}
	}
	t.Fatalf("no finding line:\n%s", ansi.Strip(m.View()))
	return ""
}

// At 80 columns the worst finding keeps what the two copies differ in.
func TestFindingLineKeepsTheDifferenceAt80Columns(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 80, 24)
	s := m.settings
	s.Pipeline.DedupThreshold = 0.72
	s.Pipeline.BudgetBeforeReorder = true
	s.Pipeline.BudgetMode = pipeline.BudgetStrict
	m = settle(t, m, m.applySettings(s))
	line := findingLine(t, m)
	for _, want := range []string{"#19", "#2", "14 days → 10 days"} {
		if !strings.Contains(line, want) {
			t.Errorf("the finding line lacks %q: %q", want, line)
		}
	}
}

// A cassette with recorded usage shows the counted-vs-billed gap on its
// first screen at 80×24: the header cuts the name before the bill, and
// the finding line keeps the gap.
func TestBillGapOnTheFirstScreenAt80Columns(t *testing.T) {
	path := filepath.Join("..", "loaders", "trajectory", "testdata", "pydantic-ai", "anthropic_cache_real_api.yaml")
	sc, err := request.Load(path, nil, request.Options{Interaction: 2})
	if err != nil {
		t.Fatal(err)
	}
	sc.Name = "test_multiple_parallel_tool_calls_with_a_long_name"
	m := New(Config{Scenario: sc, Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	m = send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	m = settle(t, m, m.Init())
	b := m.eval.Bill
	if b == nil || b.Gap() == 0 {
		t.Fatal("no bill gap for a cassette with recorded usage")
	}
	header := screenLines(m)[0]
	for _, want := range []string{"test_multiple", "2/", "counted " + numfmt.Thousands(b.Counted), "billed " + numfmt.Thousands(b.InputTokens), "(−34)"} {
		if !strings.Contains(header, want) {
			t.Errorf("the 80-column header lacks %q: %q", want, header)
		}
	}
	// Where the bill is the worst finding, its line keeps the gap.
	ev := *m.eval
	ev.Findings = nil
	for _, f := range m.eval.Findings {
		if f.Code == diagnose.CodeCountOffBill {
			ev.Findings = append(ev.Findings, f)
		}
	}
	if len(ev.Findings) == 0 {
		t.Fatal("no bill finding")
	}
	line := ansi.Strip(diagnosis.Line(m.styles, &ev, 80, false))
	if !strings.Contains(line, b.GapWords()) || !strings.Contains(line, "billed "+numfmt.Thousands(b.InputTokens)) {
		t.Errorf("the finding line lacks the gap %q: %q", b.GapWords(), line)
	}
}

// A component over its allocation keeps its figures in the short form,
// not its name alone. The preset is chosen: over an allocation no one
// chose is no finding.
func TestFindingLineKeepsAComponentsFigures(t *testing.T) {
	tl := newTimelineModel(t, tauBench, request.Options{Window: 11000, Reserve: 1000, Preset: "agent_workflow"}, "mono", 80, 24)
	tl = keys(t, tl, "o")
	var ev = *tl.eval
	ev.Findings = nil
	for _, f := range tl.eval.Findings {
		if f.Code == diagnose.CodeComponentOverAllocation {
			ev.Findings = append(ev.Findings, f)
		}
	}
	if len(ev.Findings) == 0 {
		t.Fatal("no component over its allocation")
	}
	line := ansi.Strip(diagnosis.Line(tl.styles, &ev, 80, false))
	if !regexp.MustCompile(`[0-9] over its [0-9]`).MatchString(line) {
		t.Errorf("the finding line lost the component's figures: %q", line)
	}
}
