package tui

import (
	"reflect"
	"testing"

	"ctxlab/core/evalrun"
)

// TestEvalViewOfARunWithoutKeptAnalyses: a run whose analyses are not
// kept (evalrun.OnePass, what the workbench prepares for a run too large
// to keep them) shows the same Eval view as one that keeps them, after a
// knob change too, and enter opens a query's pipeline from an analysis
// made for it.
func TestEvalViewOfARunWithoutKeptAnalyses(t *testing.T) {
	kept := newEvalModel(t, 160, 48)
	m := newEvalModelPrepared(t, 160, 48, evalrun.OnePass)
	if m.cfg.Eval.Kept() || m.cfg.Eval.Analysis(0) != nil {
		t.Fatal("the one-pass run keeps its analyses")
	}
	if !reflect.DeepEqual(m.evalView.Report(), kept.evalView.Report()) || m.View() != kept.View() {
		t.Fatalf("the Eval view differs from the kept run's:\n%s\nwant:\n%s", m.View(), kept.View())
	}
	for _, model := range []*Model{&m, &kept} {
		next := model.settings
		next.Budget.RetrievedContext = 400
		*model = settle(t, *model, model.applySettings(next))
	}
	if m.evalView.Report().Settings.Budget.RetrievedContext != 400 || !reflect.DeepEqual(m.evalView.Report(), kept.evalView.Report()) {
		t.Fatalf("after a 400-token budget: the report differs from the kept run's, or is not the new run's")
	}
	m = keys(t, m, "j", "j", "enter") // q03
	kept = keys(t, kept, "j", "j", "enter")
	q := m.cfg.Eval.Set.Queries[2]
	if m.evalView.Shown() != 2 || m.analysis == nil || m.eval == nil || len(m.eval.Documents) != q.Len() {
		t.Fatalf("enter: shown %d, analysis %v, evaluation %v; want q03's pipeline", m.evalView.Shown(), m.analysis != nil, m.eval != nil)
	}
	if m.View() != kept.View() {
		t.Errorf("q03 opened without a kept analysis differs from q03 opened with one:\n%s\nwant:\n%s", m.View(), kept.View())
	}
}
