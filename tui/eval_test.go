package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"ctxlab/core/evalrun"
	"ctxlab/loaders/evalinput"
	"ctxlab/loaders/scenario"
)

// newEvalModel opens the workbench on the bundled evaluation set over
// the support_chat scenario, as `ctxlab --run ... --corpus ... --queries
// ... --qrels ...` does, with the first run settled.
func newEvalModel(t *testing.T, width, height int) Model {
	t.Helper()
	return newEvalModelPrepared(t, width, height, evalrun.Prepare)
}

// newEvalModelPrepared is newEvalModel with the run prepared by prepare:
// evalrun.Prepare keeps every query's analysis, evalrun.OnePass keeps
// none, as the workbench does for a run too large to keep them.
func newEvalModelPrepared(t *testing.T, width, height int, prepare func(*evalrun.Set) *evalrun.Prepared) Model {
	t.Helper()
	set, err := evalinput.LoadWith(evalinput.Files{
		Run: "../sample/eval/run.trec", Corpus: "../sample/eval/corpus.jsonl",
		Queries: "../sample/eval/queries.jsonl", Qrels: "../sample/eval/qrels.tsv",
	}, evalinput.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{
		Scenario: sampleScenario(t, "support_chat"), Theme: "mono",
		Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir(), WriteScenario: scenario.Write,
		Eval: prepare(set), EvalName: "run.trec",
	})
	m = send(t, m, tea.WindowSizeMsg{Width: width, Height: height})
	return settle(t, m, m.Init())
}

func TestEvalViewOpensOnTheRun(t *testing.T) {
	m := newEvalModel(t, 160, 48)
	if rep := m.evalView.Report(); !m.evalOpen || rep == nil || len(rep.Queries) != 29 {
		t.Fatalf("open %v, report %v; want the Eval view with 29 queries", m.evalOpen, rep != nil)
	}
	// The other views start on the first query.
	if got := len(m.cfg.Scenario.Documents); got != 20 || m.settings.Query != "how many days do I have to return unworn boots" {
		t.Errorf("first query: %d documents, query %q", got, m.settings.Query)
	}
	view := m.View()
	for _, want := range []string{"a Eval: run.trec", "29 queries · context recall", "q01", "relevant lost"} {
		if !strings.Contains(view, want) {
			t.Errorf("the Eval view lacks %q:\n%s", want, view)
		}
	}
	golden.RequireEqual(t, []byte(view))
}

// TestEvalViewNarrow is the Eval view at the smallest supported size:
// shorter aggregate lines and headings leave room for every column.
func TestEvalViewNarrow(t *testing.T) {
	m := newEvalModel(t, 80, 24)
	golden.RequireEqual(t, []byte(m.View()))
}

func TestEvalViewOpensAQueryAndReturns(t *testing.T) {
	m := newEvalModel(t, 160, 48)
	m = keys(t, m, "j", "j", "enter") // q03
	q := m.cfg.Eval.Set.Queries[2]
	if m.evalOpen || m.view != viewDocuments || m.evalView.Shown() != 2 {
		t.Fatalf("after enter: eval open %v, view %v, shown %d; want query 3 in the Documents view", m.evalOpen, m.view, m.evalView.Shown())
	}
	if m.eval == nil || len(m.eval.Documents) != q.Len() || m.eval.Documents[0].Source != q.DocID(0) || m.settings.Query != q.Text {
		t.Fatalf("the evaluation is not of q03's documents and text")
	}
	if !strings.Contains(m.View(), "query q03") {
		t.Errorf("the header does not name the query:\n%s", m.View())
	}
	if m.initial.Query != q.Text {
		t.Errorf("a reset would return to the query %q, not q03's", m.initial.Query)
	}
	m = keys(t, m, "a", "j")
	if !m.evalOpen || !strings.Contains(m.View(), "◆ q03") {
		t.Errorf("a does not return to the table with q03 marked:\n%s", m.View())
	}
}

func TestEvalViewRecomputesOnAKnobAndNotOnTheQuery(t *testing.T) {
	m := newEvalModel(t, 160, 48)
	before := m.evalView.Report().Aggregate
	next := m.settings
	next.Budget.RetrievedContext = 400
	rerun := m.applySettings(next)
	if !m.evalView.Busy() {
		t.Errorf("a 400-token budget started no run of every query")
	}
	m = settle(t, m, rerun)
	after := m.evalView.Report().Aggregate
	if m.evalView.Report().Settings.Budget.RetrievedContext != 400 || after.TokensUsed >= before.TokensUsed {
		t.Errorf("after a 400-token budget: tokens %d (were %d); want a new run using fewer", after.TokensUsed, before.TokensUsed)
	}
	next = m.settings
	next.Query = "something else"
	m.applySettings(next)
	if m.evalView.Busy() {
		t.Errorf("a new query text started a run of every query")
	}
}

func TestEvalHelpListsTheTableKeys(t *testing.T) {
	m := newEvalModel(t, 160, 48)
	m = keys(t, m, "?")
	if view := m.View(); !strings.Contains(view, "Eval view (a)") || !strings.Contains(view, "sort by the next column") {
		t.Errorf("the help lacks the Eval view's keys:\n%s", view)
	}
}

func TestEvalKeyWithoutARunSaysHowToLoadOne(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	m = keys(t, m, "a")
	if m.evalOpen || !strings.Contains(m.status.text, "no retrieval run loaded") {
		t.Errorf("open %v, status %q", m.evalOpen, m.status.text)
	}
}

func TestEvalViewTakesTheMouse(t *testing.T) {
	m := newEvalModel(t, 160, 48)
	row := -1
	for y, line := range strings.Split(m.View(), "\n") {
		if strings.Contains(line, " q05 ") {
			row = y // the fifth query row
		}
	}
	if row < 0 {
		t.Fatalf("no row of q05 on screen:\n%s", m.View())
	}
	m = send(t, m, tea.MouseMsg{X: 10, Y: row, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if i, _ := m.evalView.Selected(); i != 4 {
		t.Errorf("a click on the fifth row selected query %d", i+1)
	}
	m = send(t, m, tea.MouseMsg{X: 10, Y: row, Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if i, _ := m.evalView.Selected(); i != 7 {
		t.Errorf("the wheel moved the cursor to query %d, want 8", i+1)
	}
}
