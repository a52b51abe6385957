package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/loaders/metricslog"
	"ctxlab/loaders/scenario"
	"ctxlab/tui/controls"
	"ctxlab/tui/rows"
)

func TestOpensOnTheSampleWithEveryFate(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	if m.eval == nil || m.eval.Build == nil {
		t.Fatal("no evaluation after Init")
	}
	// Only the rows on the first screen count: the point is what a user
	// sees without scrolling.
	visible := m.list.Listed()[m.list.Offset:min(len(m.list.Listed()), m.list.Offset+m.listBodyHeight())]
	seen := map[string]bool{}
	for _, r := range visible {
		seen[rows.LookOf(m.eval, m.list.Stage(), r).Glyph()] = true
	}
	for glyph, fate := range map[string]string{"·": "filtered", "≈": "near duplicate", "=": "exact duplicate", "✓": "included", "✂": "cut", "✗": "over budget or cut out"} {
		if !seen[glyph] {
			t.Errorf("the first screen shows no %s document (%s)", fate, glyph)
		}
	}
	view := m.View()
	for _, want := range []string{"ctxlab · support_chat", "Window", "Dedup", "over · rank"} {
		if !strings.Contains(view, want) {
			t.Errorf("first screen lacks %q", want)
		}
	}
}

func TestRaisingSensitivityCatchesMoreDuplicates(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	before := m.eval.Build.DuplicatesRemoved
	m = keys(t, m, "c") // controls, the dedup threshold is first
	if m.focus != paneControls || m.controls.Current().ID != "dedup" {
		t.Fatalf("focus %v on %q", m.focus, m.controls.Current().ID)
	}
	m = keys(t, m, "left") // 0.85 -> 0.80
	if m.settings.Pipeline.DedupThreshold != 0.80 {
		t.Fatalf("threshold = %v", m.settings.Pipeline.DedupThreshold)
	}
	if after := m.eval.Build.DuplicatesRemoved; after != before+1 {
		t.Errorf("duplicates %d -> %d, want one more at 0.80 (reset-password pair J=0.825)", before, after)
	}
	if len(m.changed) == 0 {
		t.Error("nothing highlighted as changed")
	}
	if !strings.Contains(m.View(), "◆") {
		t.Error("the changed document is not marked on screen")
	}
}

// TestChangeMarksStayUntilTheNextChange: ◆ marks what the last change
// moved for as long as that is the last change, and n steps through the
// marked rows; a change that moves nothing takes the marks away.
func TestChangeMarksStayUntilTheNextChange(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m = keys(t, m, "c", "left") // dedup 0.85 -> 0.80: the reset-password pair
	moved := len(m.changed)
	if moved == 0 {
		t.Fatal("lowering the dedup threshold moved no document")
	}
	m = keys(t, m, "esc", "j", "k", "2", "1") // time passes: keys, views
	if len(m.changed) != moved || !strings.Contains(m.View(), "◆") {
		t.Fatalf("the marks went away without a change: %d of %d left", len(m.changed), moved)
	}
	m = keys(t, m, "g")
	visited := map[int]bool{}
	for range moved {
		m = keys(t, m, "n")
		doc := m.list.Selected()
		if !m.changed[doc] {
			t.Fatalf("n stopped on document %d, which did not change", doc)
		}
		visited[doc] = true
	}
	if len(visited) != moved {
		t.Errorf("n visited %d of the %d changed documents", len(visited), moved)
	}
	m = keys(t, m, "n")
	if !visited[m.list.Selected()] {
		t.Error("n past the last changed row did not wrap to a changed one")
	}
	m = keys(t, m, "c", "down", "right") // minimum tokens 5 -> 6: no document has 5
	if m.settings.Pipeline.MinDocTokens != 6 {
		t.Fatalf("minimum tokens = %d, want 6", m.settings.Pipeline.MinDocTokens)
	}
	if len(m.changed) != 0 || strings.Contains(m.View(), "◆") {
		t.Errorf("a change that moved nothing left %d marks", len(m.changed))
	}
	m = keys(t, m, "esc")
	before := m.list.Cursor
	m = keys(t, m, "n")
	if m.list.Cursor != before || !strings.Contains(m.View(), "no document changed fate") {
		t.Error("n with nothing changed should stay put and say so")
	}
}

func TestStaleEvaluationIsDropped(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	current := m.eval
	m.gen++ // a newer request is in flight
	m = send(t, m, evaluatedMsg{gen: m.gen - 1, eval: &core.Evaluation{}})
	if m.eval != current {
		t.Error("a stale evaluation replaced the current one")
	}
}

func TestFocusViewsStagesAndToggles(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m = keys(t, m, "tab")
	if m.focus != paneInspector {
		t.Errorf("tab -> %v", m.focus)
	}
	m = keys(t, m, "tab")
	if m.focus != paneControls {
		t.Errorf("tab tab -> %v", m.focus)
	}
	m = keys(t, m, "shift+tab", "shift+tab")
	if m.focus != paneList {
		t.Errorf("back to list: %v", m.focus)
	}
	for i, name := range viewNames {
		m = keys(t, m, viewKeys[i])
		if m.view != view(i) || !strings.Contains(m.View(), viewKeys[i]+" "+name) {
			t.Errorf("key %s: view %v", viewKeys[i], m.view)
		}
	}
	m = keys(t, m, "1", "esc")
	m.focus = paneList
	m = keys(t, m, "[")
	if m.list.Stage() != rows.StageReorder {
		t.Errorf("[ -> %v", m.list.Stage())
	}
	m = keys(t, m, "[", "[", "[", "[", "[")
	if m.list.Stage() != rows.StageInput || len(m.list.Listed()) != len(m.eval.Documents) {
		t.Errorf("input stage: %v with %d rows", m.list.Stage(), len(m.list.Listed()))
	}
	m = keys(t, m, "]", "]", "]", "]", "]")
	total := len(m.list.Listed())
	m = keys(t, m, "x")
	if !m.list.HideGone() || len(m.list.Listed()) >= total {
		t.Errorf("x did not hide removed documents: %d of %d", len(m.list.Listed()), total)
	}
	m = keys(t, m, "x")
	if len(m.list.Listed()) != total {
		t.Error("x did not show them again")
	}
	theme := m.palette.Name
	m = keys(t, m, "t")
	if m.palette.Name == theme {
		t.Error("t did not change the theme")
	}
	m = keys(t, m, "g", "j", "j")
	if m.list.Cursor != 2 {
		t.Errorf("cursor %d after j j", m.list.Cursor)
	}
	m = keys(t, m, "G")
	if m.list.Cursor != len(m.list.Listed())-1 {
		t.Error("G did not go to the bottom")
	}
	m = keys(t, m, "?")
	if !m.views.helpOpen || !strings.Contains(m.View(), "Keys") {
		t.Error("? did not show help")
	}
	m = keys(t, m, "j")
	if !m.views.helpOpen {
		t.Error("j should scroll the help, not close it")
	}
	m = keys(t, m, "esc")
	if m.views.helpOpen {
		t.Error("a key did not close help")
	}
	if _, cmd := m.Update(keyMsg("q")); cmd == nil || cmd() != tea.Quit() {
		t.Error("q does not quit")
	}
}

func TestFilter(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	all := len(m.list.Listed())
	m = keys(t, m, "/")
	if !m.filter.Editing() {
		t.Fatal("/ did not open the filter")
	}
	m = typeText(t, m, "refund")
	if !m.filter.Active() || len(m.list.Listed()) == 0 || len(m.list.Listed()) >= all {
		t.Fatalf("filter kept %d of %d rows", len(m.list.Listed()), all)
	}
	// q goes to the input, not to quit.
	m = typeText(t, m, "q")
	if m.filter.Query() != "refundq" {
		t.Errorf("query = %q", m.filter.Query())
	}
	m = keys(t, m, "backspace", "enter")
	if m.filter.Editing() || !m.filter.Active() {
		t.Error("enter should keep the filter and leave the input")
	}
	m = keys(t, m, "esc")
	if m.filter.Active() || len(m.list.Listed()) != all {
		t.Errorf("esc did not clear the filter: %d rows", len(m.list.Listed()))
	}
}

func TestEveryControlAdjusts(t *testing.T) {
	// agent_workflow adds the agent step control.
	for _, scenario := range []string{"support_chat", "agent_workflow"} {
		t.Run(scenario, func(t *testing.T) { testEveryControlAdjusts(t, scenario) })
	}
}

func testEveryControlAdjusts(t *testing.T, scenario string) {
	m := newTestModel(t, scenario, "dark", 120, 40)
	m = keys(t, m, "c")
	for i := range m.controls.Controls() {
		m.controls.Select(i)
		ctl := m.controls.Current()
		before := ctl.Get(m.settings)
		switch ctl.Kind {
		case controls.KindText:
			m = keys(t, m, "enter")
			if !m.controls.Editing() {
				t.Errorf("%s: enter did not open the input", ctl.ID)
			}
			m = keys(t, m, "esc")
			continue
		case controls.KindToggle:
			m = keys(t, m, "space")
		default:
			m = keys(t, m, "right")
		}
		after := ctl.Get(m.settings)
		if after == before && m.controls.ErrText() == "" {
			t.Errorf("%s: %q did not change and no reason was shown", ctl.ID, before)
		}
		m = keys(t, m, "r") // back to the scenario's settings
	}
}

// TestAgentStepControl: with agent steps in the input, a control picks
// the step whose context the tool results become, and the Context view
// says how it was built.
func TestAgentStepControl(t *testing.T) {
	plain := newTestModel(t, "support_chat", "dark", 120, 40)
	for _, ctl := range plain.controls.Controls() {
		if ctl.ID == "agent-step" {
			t.Error("the agent step control shows for an input without agent steps")
		}
	}
	m := newTestModel(t, "agent_workflow", "dark", 120, 40)
	m = keys(t, m, "c")
	m.controls.SelectID("agent-step")
	m = keys(t, m, "left") // wraps to the last step
	if m.settings.Step != "notify_quality_lead" || m.eval.StepContext == nil || m.eval.StepContext.Step != "notify_quality_lead" {
		t.Fatalf("step %q, evaluated %+v", m.settings.Step, m.eval.StepContext)
	}
	m = keys(t, m, "3")
	screen := m.View()
	for _, want := range []string{"Agent step notify_quality_lead", "has not run: left out", "query_orders_db"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the Context view lacks %q:\n%s", want, screen)
		}
	}
	tr, _ := m.eval.Assembly.Component(window.ComponentToolResults)
	if strings.Contains(tr.Text, "Tarnwell") { // get_supplier's output, not required
		t.Error("the tool results hold an output the step does not require")
	}
	m = keys(t, m, "c", "right") // back to "—": the tool results as given
	if m.settings.Step != "" || m.eval.StepContext != nil || strings.Contains(m.View(), "Agent step") {
		t.Errorf("step %q after returning to none", m.settings.Step)
	}
}

func TestTypedValues(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m = keys(t, m, "c")
	m.controls.SelectID("rag")
	m = keys(t, m, "enter")
	m.controls.SetInput("")
	m = typeText(t, m, "1500")
	m = keys(t, m, "enter")
	if m.settings.Budget.RetrievedContext != 1500 || m.eval.Settings.Budget.RetrievedContext != 1500 {
		t.Errorf("RAG budget = %d", m.settings.Budget.RetrievedContext)
	}
	m.controls.SelectID("dedup")
	m = keys(t, m, "enter")
	m.controls.SetInput("")
	m = typeText(t, m, "1.7")
	m = keys(t, m, "enter")
	if m.settings.Pipeline.DedupThreshold != 0.85 || !strings.Contains(m.View(), "dedup: 1.7 is outside [0, 1]") {
		t.Error("an out-of-range value was not refused with a reason")
	}
	m.controls.SelectID("patterns")
	m = keys(t, m, "enter")
	m.controls.SetInput("ORD-(")
	m = keys(t, m, "enter")
	if m.controls.ErrText() == "" {
		t.Error("a regex that does not compile was accepted")
	}
}

func TestExportAndCopy(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	var copied string
	m.cfg.Clipboard = func(s string) error { copied = s; return nil }
	m = keys(t, m, "e")
	if !strings.Contains(m.status.text, "exported") {
		t.Fatalf("status = %q", m.status.text)
	}
	dir := filepath.Join(m.cfg.ExportDir, "ctxlab-export-20261129-120000")
	for _, f := range []string{"messages.json", "scenario.yaml", "report.txt"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil || len(data) == 0 {
			t.Errorf("%s: %v", f, err)
		}
		if f == "report.txt" {
			report := string(data)
			if strings.Contains(report, "next pane") || !strings.Contains(report, "Budget 11✓") || !strings.Contains(report, "All documents after the Budget stage") {
				t.Errorf("report.txt: the screen without its key hints, then every document:\n%s", report[:min(len(report), 400)])
			}
		}
	}
	m = keys(t, m, "y")
	if copied == "" || copied != m.eval.RAGBlock() || !strings.Contains(m.status.text, "clipboard") {
		t.Errorf("copy: %q", m.status.text)
	}
}

// TestExportAppendsMetrics: with --metrics-out, every export appends the
// record the Metrics view shows, under --request-id's name.
func TestExportAppendsMetrics(t *testing.T) {
	log := filepath.Join(t.TempDir(), "metrics.jsonl")
	m := New(Config{
		Scenario:      sampleScenario(t, "support_chat"),
		Now:           func() time.Time { return fixedNow },
		ExportDir:     t.TempDir(),
		WriteScenario: scenario.Write,
		RequestID:     "demo-42",
		MetricsOut:    log,
		AppendMetrics: metricslog.Append,
	})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = settle(t, m, m.Init())
	m = keys(t, m, "e", "e")
	if !strings.Contains(m.status.text, "metrics appended to") {
		t.Fatalf("status = %q", m.status.text)
	}
	records, err := metricslog.Load(log)
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != 2 {
		t.Fatalf("two exports appended %d records", len(records))
	}
	got := records[1]
	if got.RequestID != "demo-42" || got.TotalInputTokens != m.eval.Metrics.TotalInputTokens || got.UseCase != m.eval.Metrics.UseCase {
		t.Errorf("record %+v, the screen's %+v", got, m.eval.Metrics)
	}
}

func TestResizeReflows(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	for _, size := range [][2]int{{80, 24}, {200, 60}, {100, 30}} {
		m = send(t, m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		lines := strings.Split(m.View(), "\n")
		if len(lines) != size[1] {
			t.Errorf("%dx%d: %d lines", size[0], size[1], len(lines))
		}
		for i, l := range lines {
			if w := lipglossWidth(l); w > size[0] {
				t.Errorf("%dx%d: line %d is %d wide", size[0], size[1], i, w)
			}
		}
	}
}

func TestMouseWheelAndClick(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	l := m.computeLayout()
	mainTop := l.mainTop()
	start := m.list.Cursor
	m = send(t, m, tea.MouseMsg{X: 10, Y: mainTop + 5, Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if m.list.Cursor != start+3 {
		t.Errorf("wheel down moved the cursor %d -> %d, want +3", start, m.list.Cursor)
	}
	// Row 0 of the list body sits below the border and the column header.
	m = send(t, m, tea.MouseMsg{X: 10, Y: mainTop + 2, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if m.list.Cursor != m.list.Offset || m.focus != paneList {
		t.Errorf("click on the first visible row: cursor %d offset %d focus %v", m.list.Cursor, m.list.Offset, m.focus)
	}
	m = send(t, m, tea.MouseMsg{X: 100, Y: mainTop + 3, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if m.focus != paneInspector {
		t.Errorf("click on the inspector: focus %v", m.focus)
	}
	m = send(t, m, tea.MouseMsg{X: 10, Y: mainTop + l.main, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if m.focus != paneControls {
		t.Errorf("click on the controls: focus %v", m.focus)
	}
}

// TestMouseWheelScrollsTheHelp: over the help screen the wheel scrolls
// the help, not the list hidden under it.
func TestMouseWheelScrollsTheHelp(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 80, 24)
	m = keys(t, m, "?")
	mainTop := 1 + m.computeLayout().budget + 1 + m.computeLayout().banner
	cursor := m.list.Cursor
	m = send(t, m, tea.MouseMsg{X: 10, Y: mainTop + 3, Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if m.views.vp.YOffset != 3 || m.list.Cursor != cursor {
		t.Errorf("wheel over the help: help at line %d, list cursor %d -> %d", m.views.vp.YOffset, cursor, m.list.Cursor)
	}
}

// TestViewsKeepTheirOwnScroll: views 2-5 share one scrolling pane; each
// reopens where it was left, and one never opens where another was.
func TestViewsKeepTheirOwnScroll(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m = keys(t, m, "3", "G")
	bottom := m.views.vp.YOffset
	if bottom == 0 {
		t.Fatal("G did not scroll the Context view")
	}
	for _, v := range []string{"4", "2", "5"} {
		m = keys(t, m, v)
		if m.views.vp.YOffset != 0 {
			t.Errorf("view %s opened at line %d, not at its top", v, m.views.vp.YOffset)
		}
	}
	m = keys(t, m, "3")
	if m.views.vp.YOffset != bottom {
		t.Errorf("the Context view reopened at line %d, left at %d", m.views.vp.YOffset, bottom)
	}
	m = keys(t, m, "?")
	if m.views.vp.YOffset != 0 {
		t.Errorf("help opened at line %d", m.views.vp.YOffset)
	}
	m = keys(t, m, "esc")
	if m.views.vp.YOffset != bottom {
		t.Errorf("closing help left the Context view at line %d, not %d", m.views.vp.YOffset, bottom)
	}
}

// TestSelectedControlIsShownWhole: the "↓ more rows" hint never cuts the
// control under it, at any size.
func TestSelectedControlIsShownWhole(t *testing.T) {
	t.Parallel()
	for _, size := range [][3]int{{80, 24, 0}, {120, 40, 0}, {100, 30, 0}, {120, 40, 1}, {80, 24, 1}, {160, 48, 1}} {
		// Colour themes draw controls narrower than mono's dashes; the
		// agent workflow adds a last control whose row the hint ends.
		scenario, theme := "support_chat", "mono"
		if size[2] == 1 {
			scenario, theme = "agent_workflow", "dark"
		}
		m := newTestModel(t, scenario, theme, size[0], size[1])
		m = keys(t, m, "c")
		for i := range m.controls.Controls() {
			m.controls.Select(i)
			ctl := m.controls.Current()
			want := ctl.Label
			if ctl.Kind == controls.KindNumber || ctl.Kind == controls.KindChoice {
				want = ctl.Label + " ◂" + ctl.Get(m.settings) + "▸"
			}
			v := m.View()
			if theme != "mono" {
				v = strings.ReplaceAll(v, want, "▶"+want)
			}
			if !strings.Contains(v, "▶"+want) && !strings.Contains(v, "▶–"+want) {
				t.Errorf("%dx%d: control %s is not shown whole (%q)", size[0], size[1], ctl.ID, want)
			}
		}
	}
}

// TestStatusMessages: a status message takes the footer for a while and
// then gives it back to the keys; a newer one outlives an older one's
// timer; a count of moved documents goes when a later change moves none.
func TestStatusMessages(t *testing.T) {
	var scheduled []time.Duration
	saved := tickAfter
	tickAfter = func(d time.Duration, _ func(time.Time) tea.Msg) tea.Cmd {
		scheduled = append(scheduled, d)
		return nil
	}
	t.Cleanup(func() { tickAfter = saved })
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m = keys(t, m, "t")
	footer := func(m Model) string {
		lines := strings.Split(m.View(), "\n")
		return lines[len(lines)-1]
	}
	if !strings.Contains(footer(m), "theme: light") || len(scheduled) == 0 || scheduled[len(scheduled)-1] != statusTTL {
		t.Fatalf("footer %q, timers %v", footer(m), scheduled)
	}
	old := m.status.id
	m = keys(t, m, "t")
	m = send(t, m, clearStatusMsg{id: old})
	if !strings.Contains(footer(m), "theme: high-contrast") {
		t.Errorf("an older message's timer cleared a newer one: %q", footer(m))
	}
	m = send(t, m, clearStatusMsg{id: m.status.id})
	if m.status.text != "" || !strings.Contains(footer(m), "? help") {
		t.Errorf("the keys did not come back: %q", footer(m))
	}

	m = keys(t, m, "c")
	m.controls.SelectID("dedup")
	m = keys(t, m, "left", "left", "left")
	if !strings.Contains(m.status.text, "changed fate") {
		t.Fatalf("status %q after lowering the threshold", m.status.text)
	}
	m.controls.SelectID("reserve")
	m = keys(t, m, "right") // moves no document
	if strings.Contains(m.status.text, "changed fate") {
		t.Errorf("a change that moved nothing left %q", m.status.text)
	}
}

// TestModelControlTakesClaudeModels: the model control accepts what the
// command line does, counting a Claude model with o200k_base as an
// estimate.
func TestModelControlTakesClaudeModels(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m = keys(t, m, "c")
	m.controls.SelectID("model")
	m = keys(t, m, "enter")
	m.controls.SetInput("")
	m = typeText(t, m, "claude-sonnet-4-5")
	m = keys(t, m, "enter")
	if m.controls.ErrText() != "" || m.settings.Model != "claude-sonnet-4-5" || m.settings.Budget.TotalWindow != 200_000 {
		t.Fatalf("error %q, model %q, window %d", m.controls.ErrText(), m.settings.Model, m.settings.Budget.TotalWindow)
	}
	if header := strings.Split(m.View(), "\n")[0]; !strings.Contains(header, "claude-sonnet-4-5 (o200k_base, estimate)") {
		t.Errorf("header %q", header)
	}
}

// TestPresetCycleReturnsToTheInputsBudget: cycling the presets back to
// the scenario's own gives its budget back, overrides included.
func TestPresetCycleReturnsToTheInputsBudget(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	start := m.settings.Budget
	m = keys(t, m, "c")
	m.controls.SelectID("preset")
	for range m.cfg.Presets.Names() {
		m = keys(t, m, "right")
	}
	if m.settings.Preset != "support_chat" || m.settings.Budget != start {
		t.Errorf("back at %s: budget %+v, the scenario's %+v", m.settings.Preset, m.settings.Budget, start)
	}
}

// TestControlsThatDoNotApplyAreDimmed: under the article's builder the
// pipeline's knobs do nothing; they are marked, and selecting one says
// when it applies.
func TestControlsThatDoNotApplyAreDimmed(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 120, 40)
	m = keys(t, m, "c")
	if strings.Contains(m.View(), "–dedup") {
		t.Fatal("dedup marked as without effect under the pipeline")
	}
	m.controls.SelectID("builder")
	m = keys(t, m, "right")
	m.controls.SelectID("dedup")
	m = keys(t, m, "down", "up") // re-render with dedup selected
	screen := m.View()
	for _, want := range []string{"▶–dedup", "–min tok", "dedup has no effect now: it applies with the context_manager builder"} {
		if !strings.Contains(screen, want) {
			t.Errorf("missing %q", want)
		}
	}
	for _, ctl := range m.controls.Controls() {
		switch ctl.ID {
		case "summarize-every", "keep-recent", "initial-k", "final-k", "shingle":
			if ctl.AppliesTo(m.settings) {
				t.Errorf("%s applies under priority memory, no rerank, the rag builder", ctl.ID)
			}
		case "builder", "rag", "window", "memory", "model":
			if !ctl.AppliesTo(m.settings) {
				t.Errorf("%s is marked as without effect", ctl.ID)
			}
		}
	}
}

// TestBackToDocumentsFocusesTheList: 1 after another view gives the keys
// back to the list, so x, [ and j work at once.
func TestBackToDocumentsFocusesTheList(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m = keys(t, m, "3", "1")
	if m.focus != paneList {
		t.Fatalf("focus %v after 3 1", m.focus)
	}
	m = keys(t, m, "x")
	if !m.list.HideGone() {
		t.Error("x did not reach the list")
	}
	m = keys(t, m, "tab", "1") // the inspector, chosen within Documents, stays
	if m.focus != paneInspector {
		t.Errorf("focus %v after tab 1", m.focus)
	}
}

// TestNoBlankRowUnderTheControls: a wide terminal gives the controls only
// the rows they fill, so no blank row sits above the footer.
func TestNoBlankRowUnderTheControls(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 200, 60)
	lines := strings.Split(m.View(), "\n")
	if strings.TrimSpace(lines[len(lines)-2]) == "" {
		t.Errorf("a blank row above the footer:\n%s", strings.Join(lines[len(lines)-6:], "\n"))
	}
}
