package tui

import (
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/internal/testcorpus"
	"ctxlab/loaders/request"
	"ctxlab/tui/space"
)

// selectSpaceItem puts view 6's cursor on the first item that matches.
func selectSpaceItem(t *testing.T, m Model, match func(core.SpaceItem) bool) (Model, core.SpaceItem) {
	t.Helper()
	for i, it := range m.space.Items() {
		if match(it) {
			m.space.Move(i-m.space.Cursor(), m.spaceRowsVisible())
			return m, it
		}
	}
	t.Fatalf("no such item among %d", len(m.space.Items()))
	return m, core.SpaceItem{}
}

func TestSpaceViewSortKeyCyclesTokensOrderKind(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 120, 40)
	m = keys(t, m, "6")
	if m.view != viewSpace || len(m.space.Items()) == 0 {
		t.Fatalf("view %v with %d items", m.view, len(m.space.Items()))
	}
	byTokens := func(items []core.SpaceItem) bool {
		for i := 1; i < len(items); i++ {
			if items[i].Tokens > items[i-1].Tokens {
				return false
			}
		}
		return true
	}
	if m.space.Order() != core.ByTokens || !byTokens(m.space.Items()) {
		t.Fatalf("opens sorted by %s", m.space.Order())
	}
	m = keys(t, m, "j", "j")
	held, _ := m.space.Selected()

	m = keys(t, m, "s")
	if m.space.Order() != core.ByOrder || m.space.Items()[0].Label != "system prompt" {
		t.Errorf("s: sorted by %s, first %q", m.space.Order(), m.space.Items()[0].Label)
	}
	for i, it := range m.space.Items() {
		if it.Order != i {
			t.Fatalf("request order: row %d holds item %d", i, it.Order)
		}
	}
	if now, _ := m.space.Selected(); now.Order != held.Order {
		t.Errorf("the cursor left %q for %q", held.Label, now.Label)
	}
	if !strings.Contains(m.View(), "by request order") {
		t.Error("the title does not say the order")
	}

	m = keys(t, m, "s")
	if m.space.Order() != core.ByKind || m.space.Items()[0].Kind != window.ItemComponent {
		t.Errorf("s s: sorted by %s, first %s", m.space.Order(), m.space.Items()[0].Kind)
	}
	m = keys(t, m, "s")
	if m.space.Order() != core.ByTokens || !byTokens(m.space.Items()) {
		t.Errorf("s s s: sorted by %s", m.space.Order())
	}
}

func TestSpaceViewEnterOnADocumentSelectsItsRow(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 120, 40)
	m = keys(t, m, "6")
	m, it := selectSpaceItem(t, m, func(it core.SpaceItem) bool { return it.Kind == window.ItemDocument })
	m = keys(t, m, "enter")
	if m.view != viewDocuments || m.focus != paneList {
		t.Fatalf("enter: view %v, focus %v", m.view, m.focus)
	}
	if got := m.list.Selected(); got != it.Ref {
		t.Errorf("the list's cursor is on document %d, not %d (%s)", got, it.Ref, it.Label)
	}
	if !strings.Contains(m.View(), "▸") {
		t.Error("no selected row on screen")
	}
}

func TestSpaceViewEnterOnAToolResultOpensTheContextViewAtIt(t *testing.T) {
	// Budgeted, the tool results are the article's "Tool results:" message.
	m := newTestModel(t, "support_chat", "mono", 120, 40)
	m = keys(t, m, "6")
	m, _ = selectSpaceItem(t, m, func(it core.SpaceItem) bool { return it.Kind == window.ItemToolResult })
	m = keys(t, m, "enter")
	if m.view != viewContext {
		t.Fatalf("enter: view %v", m.view)
	}
	top := strings.Split(ansi.Strip(m.views.vp.View()), "\n")[0]
	if !strings.HasPrefix(top, "── ") || !strings.Contains(top, " system") {
		t.Errorf("the Context view opens at %q", top)
	}
	next := strings.Split(ansi.Strip(m.views.vp.View()), "\n")[1]
	if !strings.HasPrefix(next, "Tool results:") {
		t.Errorf("the line after the header is %q", next)
	}

	// Measured, each call and result is a message of its own.
	sc, err := request.Load(testcorpus.Path("pydantic-ai-llm-requests/test_prefect_agent_with_hitl_tool.yaml"), nil, request.Options{Interaction: 2})
	if err != nil {
		t.Fatal(err)
	}
	m = New(Config{Scenario: sc, Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = settle(t, m, m.Init())
	m = keys(t, m, "6")
	m, call := selectSpaceItem(t, m, func(it core.SpaceItem) bool { return it.Kind == window.ItemToolCall })
	m = keys(t, m, "enter")
	want := len(m.eval.Assembly.Messages) - len(sc.ToolResults) + call.Ref + 1
	top = strings.Split(ansi.Strip(m.views.vp.View()), "\n")[0]
	if m.view != viewContext || !strings.HasPrefix(top, "── "+strconv.Itoa(want)+" assistant") {
		t.Errorf("enter on %q: view %v at %q, want message %d", call.Label, m.view, top, want)
	}
}

func TestSpaceViewWheelMovesAndClickSelects(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 120, 40)
	m = keys(t, m, "6")
	l := m.computeLayout()
	mainTop := l.mainTop()
	m = send(t, m, tea.MouseMsg{X: 10, Y: mainTop + 5, Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if m.space.Cursor() != 3 {
		t.Errorf("the wheel put the cursor on row %d, not 3", m.space.Cursor())
	}
	// The fifth item's row: below the border, the summary and the header.
	m = send(t, m, tea.MouseMsg{X: 10, Y: mainTop + 1 + space.HeaderLines + 4, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if m.space.Cursor() != 4 {
		t.Errorf("a click on the fifth row selected row %d", m.space.Cursor())
	}
	row := strings.Split(ansi.Strip(m.View()), "\n")[mainTop+1+space.HeaderLines+4]
	if !strings.Contains(row, "▸  5 ") {
		t.Errorf("the clicked row reads %q", row)
	}
}
