package tui

import (
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/themes"
	"ctxlab/tui/diagnosis"
	"ctxlab/tui/rows"
)

// findingIndex is the position of the first finding with code, failing
// the test when the sample has none.
func findingIndex(t *testing.T, m Model, code string) int {
	t.Helper()
	for i, f := range m.eval.Findings {
		if f.Code == code {
			return i
		}
	}
	t.Fatalf("the sample has no %s finding", code)
	return -1
}

// chooseFinding moves the Diagnosis view's cursor to finding i by keys.
func chooseFinding(t *testing.T, m Model, i int) Model {
	t.Helper()
	m = keys(t, m, "g")
	for range i {
		m = keys(t, m, "j")
	}
	if m.diagnosis.Cursor() != i {
		t.Fatalf("cursor %d, want %d", m.diagnosis.Cursor(), i)
	}
	return m
}

func TestDiagnosisViewListsFindingsAndJumpsToTheDocument(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m = keys(t, m, "d")
	if m.view != viewDiagnosis || m.focus != paneInspector {
		t.Fatalf("d opened view %d with focus %v", m.view, m.focus)
	}
	screen := ansi.Strip(m.View())
	for _, want := range []string{"d Diagnosis", "6 findings, worst first", "▸ ⚠ warning: #15 kb/returns/refund-policy.md (rank 2, score 0.91) was dropped", "about ▸#15 · #34"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the Diagnosis view lacks %q:\n%s", want, screen)
		}
	}
	m = keys(t, m, "j")
	if m.diagnosis.Cursor() != 1 || !strings.Contains(ansi.Strip(m.View()), "  ⚠ warning: #15 kb/returns/refund-policy.md") {
		t.Errorf("j left the cursor at %d", m.diagnosis.Cursor())
	}
	// The first finding's second row is #34, the stale copy sent.
	m = keys(t, m, "k", "l", "enter")
	if m.view != viewDocuments || m.focus != paneList || m.list.Stage() != rows.StageBudget {
		t.Fatalf("enter left view %d, focus %v, stage %v", m.view, m.focus, m.list.Stage())
	}
	if got := m.eval.InputIndex(m.list.Selected()); got != 33 {
		t.Errorf("enter selected document #%d, want #34", got+1)
	}
	if !strings.Contains(m.status.text, "#34 kb/archive/2025/refund-policy-v3.md, shown at the Budget stage") {
		t.Errorf("status %q", m.status.text)
	}
	// The view reopens where it was left.
	if m = keys(t, m, "d"); m.diagnosis.Cursor() != 0 || m.diagnosis.Ref() != 1 {
		t.Errorf("the view reopened at finding %d row %d", m.diagnosis.Cursor(), m.diagnosis.Ref())
	}
}

// TestDiagnosisJumpShowsTheStageAndTheHiddenRow: a removed near duplicate
// is shown at Dedup, where it was struck out, even with removed
// documents hidden and a filter that does not match it.
func TestDiagnosisJumpShowsTheStageAndTheHiddenRow(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m = keys(t, m, "x", "/")
	m = typeText(t, m, "warranty")
	m = keys(t, m, "enter")
	if !m.filter.Active() || !m.list.HideGone() {
		t.Fatalf("filter %v, removed hidden %v", m.filter.Active(), m.list.HideGone())
	}
	m = keys(t, m, "d")
	m = chooseFinding(t, m, findingIndex(t, m, diagnose.CodeConflictingNearDuplicate))
	want := m.eval.Findings[m.diagnosis.Cursor()].Refs[0]
	m = keys(t, m, "enter")
	if m.list.Stage() != rows.StageDedup || m.view != viewDocuments {
		t.Fatalf("the duplicate was shown at stage %v, view %d", m.list.Stage(), m.view)
	}
	if got := m.eval.InputIndex(m.list.Selected()); got != want.Index {
		t.Errorf("selected #%d, want %s", got+1, want.Label())
	}
	if m.filter.Active() || m.list.HideGone() {
		t.Errorf("the row is still hidden: filter %v, removed hidden %v", m.filter.Active(), m.list.HideGone())
	}
}

func TestDiagnosisJumpsToComponentsAndMessages(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m = keys(t, m, "d")
	history := findingIndex(t, m, diagnose.CodeComponentOverAllocation)
	for m.eval.Findings[history].Refs[0] != diagnose.ComponentRef("history") {
		history++
	}
	m = chooseFinding(t, m, history)
	if got := keys(t, m, "enter"); got.view != viewContext || !strings.Contains(got.status.text, "history: its bar is in the budget above") {
		t.Errorf("a component went to view %d, status %q", got.view, got.status.text)
	}
	if got := keys(t, m, "l", "enter"); got.view != viewMemory || !strings.Contains(got.status.text, "message 3 of the history") {
		t.Errorf("a message went to view %d, status %q", got.view, got.status.text)
	}
	// A later message is scrolled into sight: the view opens at its row.
	last := len(m.eval.Findings[history].Refs) - 1
	want := m.eval.Findings[history].Refs[last]
	for range last {
		m = keys(t, m, "l")
	}
	got := keys(t, m, "enter")
	top := strings.Fields(ansi.Strip(strings.Split(got.views.vp.View(), "\n")[1]))
	if got.view != viewMemory || got.views.vp.YOffset == 0 || len(top) < 2 || top[1] != strconv.Itoa(want.Number) {
		t.Errorf("%s: the Memory view opened at offset %d, its second line %q", want.Label(), got.views.vp.YOffset, top)
	}
}

// TestFindingLineFollowsTheSettings: the first screen names the worst
// finding in one line and changes with a knob.
func TestFindingLineFollowsTheSettings(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 80, 24)
	// The finding line is the one above the panes (below the strip's
	// hint when there is one).
	line := func(m Model) string { return strings.Split(ansi.Strip(m.View()), "\n")[m.computeLayout().mainTop()-1] }
	before := line(m)
	if !strings.HasPrefix(before, " ⚠ #15 dropped; weaker copy #34 sent as [2]: 60 days → 30 days.") || !strings.HasSuffix(before, " · d: 6 findings ") {
		t.Errorf("finding line %q", before)
	}
	m = keys(t, m, "c")
	m.controls.SelectID("lost-in-middle")
	m = keys(t, m, " ")
	after := line(m)
	if m.eval.Settings.Pipeline.LostInMiddle || after == before || strings.Contains(after, "#15 was dropped") {
		t.Errorf("with lost-in-the-middle off the line still reads %q", after)
	}
	first := m.eval.Findings[0].Message
	if !strings.HasPrefix(after, " ⚠ "+strings.Fields(first)[0]+" ") {
		t.Errorf("the line %q does not start the worst finding %q", after, first)
	}
}

// TestFindingLineDoesNotRepeatTheBanner: with the request over its max
// input, the banner says so and the line gives the next finding.
func TestFindingLineDoesNotRepeatTheBanner(t *testing.T) {
	m := newTestModel(t, "overflow", "mono", 80, 24)
	if m.eval.Overflow == nil || m.eval.Findings[0].Code != diagnose.CodeOverflow {
		t.Fatalf("the overflow sample's worst finding is %q", m.eval.Findings[0].Code)
	}
	screen := strings.Split(ansi.Strip(m.View()), "\n")
	banner, line := screen[7], screen[8]
	if !strings.Contains(banner, "Context exceeds budget") || !strings.HasPrefix(line, " ⚠ also: ") ||
		strings.Contains(line, "over its max input") || !strings.HasSuffix(line, "· d: 11 findings") {
		t.Errorf("banner %q, finding line %q", banner, line)
	}
	only := &core.Evaluation{Findings: m.eval.Findings[:1]}
	if got := ansi.Strip(diagnosis.Line(themes.New(themes.Mono), only, 80, true)); !strings.HasPrefix(got, " the banner above is the only finding · d: 1 finding") {
		t.Errorf("a lone finding the banner states: %q", got)
	}
}

// TestFindingClicks: a click on the finding line opens the Diagnosis
// view, and a click on a finding there chooses it.
func TestFindingClicks(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	l := m.computeLayout()
	mainTop := l.mainTop()
	m = send(t, m, tea.MouseMsg{X: 10, Y: mainTop - 1, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if m.view != viewDiagnosis {
		t.Fatalf("a click on the finding line left view %d", m.view)
	}
	_, spans := diagnosis.Content(m.styles, m.eval, m.diagnosis, m.views.vp.Width)
	y := mainTop + 1 + spans[2].First + 1 // the third finding's second line
	m = send(t, m, tea.MouseMsg{X: 10, Y: y, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if m.diagnosis.Cursor() != 2 || m.focus != paneInspector {
		t.Errorf("a click on the third finding: cursor %d, focus %v", m.diagnosis.Cursor(), m.focus)
	}
	m = send(t, m, tea.MouseMsg{X: 10, Y: mainTop + 1 + spans[2].First - 1, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if m.diagnosis.Cursor() != 2 {
		t.Errorf("a click between findings moved the cursor to %d", m.diagnosis.Cursor())
	}
}

// TestDiagnosisKeepsItsOwnScroll: like views 2–5, the view reopens
// where it was left after another view scrolled.
func TestDiagnosisKeepsItsOwnScroll(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 80, 24)
	m = keys(t, m, "d", "G")
	left := m.views.vp.YOffset
	if left == 0 {
		t.Fatal("the last finding did not scroll the view")
	}
	m = keys(t, m, "3", "j", "j", "d")
	if m.views.vp.YOffset != left || m.diagnosis.Cursor() != len(m.eval.Findings)-1 {
		t.Errorf("reopened at offset %d (left at %d), cursor %d", m.views.vp.YOffset, left, m.diagnosis.Cursor())
	}
}
