package rows

import (
	"context"
	"testing"

	"ctxlab/core"
)

// The strip's counts after the assembler come from the trace's counts and
// the assembler's cuts, not from the rows; they must still be what the
// Budget stage's rows show, on a block the assembler cuts and one it
// leaves whole, for both builders.
func TestSentCountsAreTheBudgetRowsCounted(t *testing.T) {
	sc := sampleScenario(t, "support_chat")
	cuts := 0
	for _, tc := range []struct {
		name   string
		change func(*core.Settings)
	}{
		{"as the sample is", func(*core.Settings) {}},
		{"the assembler cuts the block", func(s *core.Settings) {
			s.Pipeline.BudgetMode = "reference"
			s.Budget.RetrievedContext = 400
		}},
		{"the article's builder", func(s *core.Settings) { s.Builder = core.BuilderSimpleRAG }},
		{"the article's builder, cut", func(s *core.Settings) {
			s.Builder = core.BuilderSimpleRAG
			s.Budget.RetrievedContext = 300
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := sc.Settings
			tc.change(&s)
			ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: fixedNow}, s)
			if err != nil {
				t.Fatal(err)
			}
			cuts += len(ev.RAGSurvival)
			var want Fates
			for _, r := range ForStage(ev, StageBudget, true) {
				want.add(LookOf(ev, StageBudget, r).tone, 1)
			}
			if got := SentCounts(ev); got != want {
				t.Fatalf("SentCounts %+v, the rows show %+v", got, want)
			}
		})
	}
	if cuts == 0 {
		t.Fatal("no case had the assembler cut the block; the test checks nothing of the cuts")
	}
}
