package evalrun

import (
	"context"
	"reflect"
	"testing"
)

// TestPrepareWithinKeepsOnlyWhatFits: the analyses are kept when their
// estimate, analysisPerDocument a document retrieved, is within the
// budget, and made on every run past it, with the same reports either
// way.
func TestPrepareWithinKeepsOnlyWhatFits(t *testing.T) {
	set := benchmarkSet(12, 30)
	if got, want := AnalysisBytes(set), int64(12*30*analysisPerDocument); got != want {
		t.Fatalf("AnalysisBytes %d, want %d", got, want)
	}
	if got := AnalysisBytes(heldInCorpus(set)); got != AnalysisBytes(set) {
		t.Errorf("held in a corpus: AnalysisBytes %d, want %d", got, AnalysisBytes(set))
	}
	s := heuristicSettings(t, 900)
	want, err := Prepare(set).Run(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		budget int64
		kept   bool
	}{{AnalysisBytes(set), true}, {AnalysisBytes(set) - 1, false}} {
		p := PrepareWithin(set, c.budget)
		if p.Kept() != c.kept || (p.Analysis(0) != nil) != c.kept {
			t.Errorf("budget %d: kept %v (analysis %v), want %v", c.budget, p.Kept(), p.Analysis(0) != nil, c.kept)
		}
		got, err := p.Run(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("budget %d: the report differs from a prepared set's", c.budget)
		}
	}
}
