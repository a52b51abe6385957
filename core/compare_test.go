package core

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"ctxlab/core/diagnose"
	"ctxlab/core/internal/testtext"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// compareScenario is five documents of 130 heuristic tokens each,
// strongest first.
func compareScenario() (*Scenario, Settings) {
	var docs []value.Document
	for i := range 5 {
		docs = append(docs, value.Document{Content: testtext.Words(100, fmt.Sprintf("d%d_", i)), Score: 0.9 - float64(i)/10, Source: fmt.Sprintf("kb/%d.md", i)})
	}
	s := DefaultSettings()
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	s.Budget.RetrievedContext = 1000
	return &Scenario{Documents: docs, Settings: s}, s
}

func evaluateForCompare(t *testing.T, sc *Scenario, s Settings) *Evaluation {
	t.Helper()
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

type placeChange struct {
	index         int
	kind          DocumentChangeKind
	before, after int
}

func placeChanges(c Comparison) []placeChange {
	var out []placeChange
	for _, d := range c.Documents {
		out = append(out, placeChange{d.Index, d.Kind(), d.PlaceBefore, d.PlaceAfter})
	}
	return out
}

// Lost-in-the-middle puts the five in the order 0 2 4 3 1; without it
// they go 0 1 2 3 4: three documents move and none changes fate.
func TestCompareListsDocumentsThatOnlyMoved(t *testing.T) {
	sc, s := compareScenario()
	baseline := evaluateForCompare(t, sc, s)
	s.Pipeline.LostInMiddle = false
	c := Compare(baseline, evaluateForCompare(t, sc, s))

	want := []placeChange{{index: 1, kind: ChangeMoved, before: 5, after: 2}, {index: 2, kind: ChangeMoved, before: 2, after: 3}, {index: 4, kind: ChangeMoved, before: 3, after: 5}}
	if got := placeChanges(c); !slices.Equal(got, want) {
		t.Errorf("documents %+v, want %+v", got, want)
	}
	if c.TokensSaved() != 0 {
		t.Errorf("a reorder saved %d tokens", c.TokensSaved())
	}
	if c.Same() {
		t.Error("a reorder compared the same")
	}
}

// A smaller retrieved-context budget pushes the two weakest out and cuts
// the third; the text diff removes their lines and adds the cut copy's
// one. Strict mode charges the
// headers, so the block fits its allocation and the assembler cuts
// nothing.
func TestCompareListsDocumentsPushedOutAndTheirText(t *testing.T) {
	sc, s := compareScenario()
	s.Pipeline.LostInMiddle = false
	s.Pipeline.BudgetMode = pipeline.BudgetStrict
	baseline := evaluateForCompare(t, sc, s)
	s.Budget.RetrievedContext = 400
	current := evaluateForCompare(t, sc, s)
	c := Compare(baseline, current)

	want := []placeChange{{index: 3, kind: ChangeOut, before: 4}, {index: 4, kind: ChangeOut, before: 5}, {index: 2, kind: ChangeCut, before: 3, after: 3}}
	if got := placeChanges(c); !slices.Equal(got, want) {
		t.Errorf("documents %+v, want %+v", got, want)
	}
	rag := c.Components[slices.IndexFunc(c.Components, func(d ComponentDelta) bool { return d.Name == window.ComponentRAG })]
	if rag.AllocatedBefore != 1000 || rag.AllocatedAfter != 400 || rag.UsedAfter >= rag.UsedBefore {
		t.Errorf("retrieved context %+v", rag)
	}
	if c.TokensSaved() != baseline.Assembly.Used-current.Assembly.Used || c.TokensSaved() <= 2*130 {
		t.Errorf("saved %d tokens", c.TokensSaved())
	}
	if c.UtilizationAfter >= c.UtilizationBefore {
		t.Errorf("utilization %v → %v", c.UtilizationBefore, c.UtilizationAfter)
	}
	var removed, added []string
	for _, l := range c.Text {
		switch l.Op {
		case TextRemoved:
			removed = append(removed, l.Text)
		case TextAdded:
			added = append(added, l.Text)
		}
	}
	if len(added) != 1 || !strings.HasPrefix(sc.Documents[2].Content, strings.TrimSuffix(added[0], " [...]")) || !slices.Contains(removed, sc.Documents[3].Content) || !slices.Contains(removed, sc.Documents[4].Content) {
		t.Errorf("text diff: removed %q, added %q", removed, added)
	}
}

func TestCompareOfAnEvaluationWithItselfIsTheSame(t *testing.T) {
	sc, s := compareScenario()
	ev := evaluateForCompare(t, sc, s)
	if c := Compare(ev, ev); !c.Same() {
		t.Errorf("not the same: %+v", c)
	}
}

func TestCompareFindingsAppearedAndGone(t *testing.T) {
	overflow := diagnose.Finding{Code: diagnose.CodeOverflow, Message: "over by 10", Refs: []diagnose.Ref{diagnose.ComponentRef(window.ComponentRAG)}}
	overflowOther := overflow
	overflowOther.Message = "over by 99"
	lost := diagnose.Finding{Code: diagnose.CodeStrongDocLost, Refs: []diagnose.Ref{diagnose.DocumentRef(2)}}
	lostOther := diagnose.Finding{Code: diagnose.CodeStrongDocLost, Refs: []diagnose.Ref{diagnose.DocumentRef(3)}}
	gone := findingsMissing([]diagnose.Finding{overflow, lost}, []diagnose.Finding{overflowOther, lostOther})
	if len(gone) != 1 || gone[0].Refs[0].Index != 2 {
		t.Errorf("gone %+v: a finding whose numbers moved is the same finding, one about another row is not", gone)
	}
}

func TestDiffLines(t *testing.T) {
	for _, tc := range []struct{ a, b, want string }{
		{"abc", "abc", " a b c"},
		{"abc", "axc", " a-b+x c"},
		{"abcd", "acd", " a-b c d"},
		{"", "ab", "+a+b"},
		{"xaby", "xbay", " x-a b+a y"},
	} {
		var got string
		for _, l := range DiffLines(split(tc.a), split(tc.b)) {
			got += string(l.Op) + l.Text
		}
		if got != tc.want {
			t.Errorf("DiffLines(%q, %q) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
}

func split(s string) []string {
	var out []string
	for _, r := range s {
		out = append(out, string(r))
	}
	return out
}
