package evalrun

import (
	"context"
	"math"
	"testing"

	"ctxlab/core"
	"ctxlab/core/value"
)

// budgetSet is two judged queries whose relevant documents fit a large
// budget and not a small one: r1 ranks first in q1, r2 second in q2.
func budgetSet() *Set {
	return &Set{Judged: true, Queries: []Query{
		query("q1", map[string]int{"r1": 1},
			value.Document{Source: "r1", Score: 0.9, Content: words("alpha", 40)},
			value.Document{Source: "n1", Score: 0.5, Content: words("beta", 40)}),
		query("q2", map[string]int{"r2": 1},
			value.Document{Source: "n2", Score: 0.9, Content: words("gamma", 40)},
			value.Document{Source: "r2", Score: 0.5, Content: words("delta", 40)}),
	}}
}

// TestFiguresChangeSaysWhatASmallerBudgetCost: halving the budget keeps
// one document a query instead of two, so the second query's relevant
// document is lost and the tokens halve; the words say both.
func TestFiguresChangeSaysWhatASmallerBudgetCost(t *testing.T) {
	p := Prepare(budgetSet())
	wide, err := p.Aggregate(context.Background(), heuristicSettings(t, 200))
	if err != nil {
		t.Fatal(err)
	}
	narrow, err := p.Aggregate(context.Background(), heuristicSettings(t, 60))
	if err != nil {
		t.Fatal(err)
	}
	if wide.RelevantLostTotal() != 0 || narrow.RelevantLostTotal() != 1 || narrow.TokensUsed*2 != wide.TokensUsed {
		t.Fatalf("wide: lost %d, %d tokens; narrow: lost %d, %d tokens", wide.RelevantLostTotal(), wide.TokensUsed, narrow.RelevantLostTotal(), narrow.TokensUsed)
	}
	c := FiguresChange{Baseline: wide, Now: narrow}
	if c.RelevantLostChange() != 1 || c.TokensChangePercent() != -50 {
		t.Errorf("lost change %d, tokens %.1f%%; want 1 and -50%%", c.RelevantLostChange(), c.TokensChangePercent())
	}
	want := "at RAG budget 60, 1 more relevant document lost across 2 queries, 50% fewer tokens, as many duplicates removed (0), context recall 1.00 → 0.50"
	if got := c.Words("at RAG budget 60"); got != want {
		t.Errorf("words:\n got %s\nwant %s", got, want)
	}
	if got := c.Brief(); got != "1 more relevant lost, 50% fewer tokens, recall 1.00 → 0.50" {
		t.Errorf("brief: %s", got)
	}
	back := FiguresChange{Baseline: narrow, Now: wide}
	want = "1 fewer relevant document lost across 2 queries, 100% more tokens, as many duplicates removed (0), context recall 0.50 → 1.00"
	if got := back.Words(""); got != want {
		t.Errorf("words back:\n got %s\nwant %s", got, want)
	}
	if got := (FiguresChange{Baseline: wide, Now: wide}).Words(""); got != "as many relevant documents lost (0) across 2 queries, as many tokens, as many duplicates removed (0), context recall 1.00 → 1.00" {
		t.Errorf("no change: %s", got)
	}
}

// TestAggregateSweepOfTheBudget sweeps the retrieved-context budget over
// the run: every point is the aggregate a run at that budget gives, the
// current value has its point, and recall never falls as the budget grows.
func TestAggregateSweepOfTheBudget(t *testing.T) {
	p := Prepare(budgetSet())
	s := heuristicSettings(t, 60)
	sw, err := p.Sweep(context.Background(), s, core.KnobByID("rag"))
	if err != nil {
		t.Fatal(err)
	}
	if sw.Current != 60 || sw.Points[sw.CurrentIndex()].Value != 60 || sw.BaselineIndex() != -1 {
		t.Fatalf("current %v at point %v, baseline index %d", sw.Current, sw.Points[sw.CurrentIndex()].Value, sw.BaselineIndex())
	}
	for i, pt := range sw.Points {
		at := s
		at.Budget.RetrievedContext = int(pt.Value)
		want, err := p.Aggregate(context.Background(), at)
		if err != nil {
			t.Fatal(err)
		}
		if pt.Figures.TokensUsed != want.TokensUsed || pt.Figures.ContextRecall != want.ContextRecall {
			t.Errorf("at %v: %+v, a run there gives %+v", pt.Value, pt.Figures, want)
		}
		if i > 0 && pt.Figures.ContextRecall < sw.Points[i-1].Figures.ContextRecall {
			t.Errorf("recall falls from %v to %v as the budget grows to %v", sw.Points[i-1].Figures.ContextRecall, pt.Figures.ContextRecall, pt.Value)
		}
	}
	if first, last := sw.Points[0].Figures, sw.Points[len(sw.Points)-1].Figures; first.ContextRecall != 0 || last.ContextRecall != 1 {
		t.Errorf("recall from %v to %v; want 0 at no budget, 1 at the top", first.ContextRecall, last.ContextRecall)
	}
	sw.Baseline = 200
	if b := sw.Points[sw.BaselineIndex()].Value; math.Abs(b-200) > 20 {
		t.Errorf("baseline 200 marked at %v", b)
	}
}
