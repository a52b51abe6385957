package evalrun

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

func heuristicSettings(t *testing.T, budget int) core.Settings {
	t.Helper()
	tok, err := tokens.ByName(tokens.TokenizerHeuristic)
	if err != nil {
		t.Fatal(err)
	}
	s := core.DefaultSettings()
	s.Pipeline.Tokenizer = tok
	s.Budget.RetrievedContext = budget
	return s
}

// words makes a document text of n distinct words starting with prefix.
func words(prefix string, n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = prefix + string(rune('a'+i%26)) + strings.Repeat("x", i/26)
	}
	return strings.Join(w, " ")
}

func query(id string, rel map[string]int, docs ...value.Document) Query {
	q := Query{ID: id, Docs: docs, Relevance: rel}
	for _, d := range docs {
		q.DocIDs = append(q.DocIDs, d.Source)
	}
	return q
}

func TestRunSaysWhereRelevantDocumentsWereLost(t *testing.T) {
	long := words("long", 40)
	set := &Set{Judged: true, Queries: []Query{
		// q1: r1 and r2 relevant; r2 is a copy of r1 and is struck out, r3
		// (relevant) is too short: recall 1 of 3.
		query("q1", map[string]int{"r1": 2, "r2": 1, "r3": 1, "n1": 0},
			value.Document{Source: "r1", Score: 0.9, Content: long},
			value.Document{Source: "r2", Score: 0.8, Content: long},
			value.Document{Source: "r3", Score: 0.7, Content: "too short"},
			value.Document{Source: "n1", Score: 0.6, Content: words("other", 20)},
		),
		// q2: nothing relevant retrieved: no recall, not in the mean.
		query("q2", map[string]int{"elsewhere": 1},
			value.Document{Source: "n2", Score: 0.5, Content: words("plain", 20)},
		),
		// q3: a 60-token budget holds the first relevant document (about
		// 52 tokens) and not the second: recall 1 of 2, lost to the budget.
		query("q3", map[string]int{"a": 1, "b": 1},
			value.Document{Source: "a", Score: 0.9, Content: words("alpha", 40)},
			value.Document{Source: "b", Score: 0.8, Content: words("beta", 40)},
		),
	}}
	rep, err := Prepare(set).Run(context.Background(), heuristicSettings(t, 60))
	if err != nil {
		t.Fatal(err)
	}
	q1, q2, q3 := rep.Queries[0], rep.Queries[1], rep.Queries[2]
	if q1.RelevantRetrieved != 3 || q1.RelevantSent != 1 {
		t.Errorf("q1: %d of %d relevant in context, want 1 of 3", q1.RelevantSent, q1.RelevantRetrieved)
	}
	wantLost := map[Stage][]string{StageDuplicate: {"r2"}, StageFiltered: {"r3"}}
	if !reflect.DeepEqual(q1.Lost, wantLost) {
		t.Errorf("q1 lost %v, want %v", q1.Lost, wantLost)
	}
	if q1.DuplicatesRemoved != 1 || q1.Filtered != 1 {
		t.Errorf("q1: %d duplicates, %d filtered; want 1 and 1", q1.DuplicatesRemoved, q1.Filtered)
	}
	if q2.HasRecall() {
		t.Errorf("q2 has no relevant document retrieved, yet a recall")
	}
	if !reflect.DeepEqual(q3.Lost, map[Stage][]string{StageBudget: {"b"}}) || q3.ContextRecall() != 0.5 {
		t.Errorf("q3: lost %v, recall %v; want b lost to the budget, 0.5", q3.Lost, q3.ContextRecall())
	}
	if !q3.Truncated {
		t.Errorf("q3: the budget left b out, yet not truncated")
	}
	agg := rep.Aggregate
	if agg.QueriesWithRelevant != 2 {
		t.Errorf("%d queries with relevant documents, want 2", agg.QueriesWithRelevant)
	}
	if want := (1.0/3 + 0.5) / 2; math.Abs(agg.ContextRecall-want) > 1e-12 {
		t.Errorf("aggregate recall %v, want %v", agg.ContextRecall, want)
	}
	wantByStage := map[Stage]int{StageDuplicate: 1, StageFiltered: 1, StageBudget: 1}
	if !reflect.DeepEqual(agg.RelevantLost, wantByStage) || agg.RelevantLostTotal() != 3 {
		t.Errorf("lost by stage %v (total %d), want %v", agg.RelevantLost, agg.RelevantLostTotal(), wantByStage)
	}
	if agg.TokensUsed != q1.TokensUsed+q2.TokensUsed+q3.TokensUsed || agg.TokensUsed == 0 {
		t.Errorf("aggregate tokens %d are not the queries' sum", agg.TokensUsed)
	}
}

func TestRunRerankLosesWhatTheRerankerDrops(t *testing.T) {
	set := &Set{Queries: []Query{{
		ID: "q", Text: "refund policy",
		Docs: []value.Document{
			{Source: "off", Score: 0.9, Content: words("unrelated", 20)},
			{Source: "on", Score: 0.1, Content: "the refund policy allows returns within thirty days of purchase for every order"},
		},
		DocIDs:    []string{"off", "on"},
		Relevance: map[string]int{"off": 1, "on": 1},
	}}}
	s := heuristicSettings(t, 4000)
	s.Rerank, s.InitialK, s.FinalK = true, 2, 1
	rep, err := Prepare(set).Run(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	got := rep.Queries[0]
	if !reflect.DeepEqual(got.Included, []string{"on"}) || !reflect.DeepEqual(got.Lost, map[Stage][]string{StageRerank: {"off"}}) {
		t.Errorf("included %v, lost %v; want on in, off reranked out", got.Included, got.Lost)
	}
}

func TestRunRefusesTheSimpleBuilder(t *testing.T) {
	s := heuristicSettings(t, 100)
	s.Builder = core.BuilderSimpleRAG
	_, err := Prepare(&Set{}).Run(context.Background(), s)
	if err == nil || !strings.Contains(err.Error(), "builder") {
		t.Errorf("err = %v, want a refusal naming the builder", err)
	}
}

func TestRunStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	set := &Set{Queries: []Query{query("q", nil, value.Document{Source: "d", Content: words("w", 10)})}}
	if _, err := Prepare(set).Run(ctx, heuristicSettings(t, 100)); err == nil {
		t.Error("a cancelled run returned no error")
	}
}
