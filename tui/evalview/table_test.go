package evalview

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core/evalrun"
	"ctxlab/loaders/evalinput"
	scenarioload "ctxlab/loaders/scenario"
	"ctxlab/sample"
	"ctxlab/themes"
)

// sampleView is the Eval view of the bundled evaluation set over the
// support_chat scenario, its first run computed, in a box 48 lines high.
func sampleView(t *testing.T) Model {
	t.Helper()
	set, err := evalinput.LoadWith(evalinput.Files{
		Run: "../../sample/eval/run.trec", Corpus: "../../sample/eval/corpus.jsonl",
		Queries: "../../sample/eval/queries.jsonl", Qrels: "../../sample/eval/qrels.tsv",
	}, evalinput.Options{})
	if err != nil {
		t.Fatal(err)
	}
	base, err := scenarioload.LoadFS(sample.FS, "support_chat.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := New(evalrun.Prepare(set), "run.trec", base)
	cmd := m.RunCmd(base.Settings)
	if cmd == nil {
		t.Fatal("no run of every query")
	}
	m, _ = m.Update(cmd(), testHeight)
	if m.Report() == nil || m.Busy() {
		t.Fatalf("the run did not settle: %v", m.err)
	}
	return m
}

const testHeight = 46

func press(m Model, ks ...string) Model {
	for _, k := range ks {
		m, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}, testHeight)
	}
	return m
}

func TestEvalViewSortsByAnyColumn(t *testing.T) {
	m := press(sampleView(t), "s") // recall, ascending: no recall first, then the lowest
	first := m.report.Queries[m.order[0]]
	if m.sortBy != 1 || first.HasRecall() {
		t.Errorf("sorted by column %d, first %s (recall %v); want recall, a query without one first", m.sortBy, first.QID, first.HasRecall())
	}
	m = press(m, "r")
	first = m.report.Queries[m.order[0]]
	if view := m.View(themes.New(themes.Mono), 158, testHeight, true); first.ContextRecall() != 1 || !strings.Contains(view, "recall ▼") {
		t.Errorf("reversed: first %s recall %v; want a full recall first and ▼ on the heading", first.QID, first.ContextRecall())
	}
	for range columns {
		m = press(m, "s")
	}
	if m.sortBy != 1 {
		t.Errorf("s cycles through the %d columns back to recall; at %d", len(columns), m.sortBy)
	}
}
