package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"ctxlab/core/value"
)

// scoredDocs are distinct ten-word documents with the given scores, in
// input order, sourced a, b, c, ...
func scoredDocs(scores ...float64) []value.Document {
	docs := make([]value.Document, len(scores))
	for i, s := range scores {
		src := string(rune('a' + i))
		docs[i] = value.Document{Source: src, Score: s, Content: strings.Repeat(fmt.Sprintf("word%s%d ", src, i), 10)}
	}
	return docs
}

func sources(res *Result) string {
	var out []string
	for _, d := range res.IncludedDocs {
		out = append(out, d.Source)
	}
	return strings.Join(out, " ")
}

func TestMinScoreFiltersWithReason(t *testing.T) {
	docs := scoredDocs(0.9, 0.3, 0.5, 0.49)
	res := mustBuild(t, docs, func(o *Options) { o.MinScore, o.MinScoreSet = 0.5, true; o.LostInMiddle = false })
	if got := sources(res); got != "a c" {
		t.Errorf("included %q, want %q", got, "a c")
	}
	if tr := res.Trace.Doc(1); tr.Fate != FateFiltered || tr.FilterReason() != "score 0.3 < minimum 0.5" {
		t.Errorf("b: fate %s reason %q", tr.Fate, tr.FilterReason())
	}
	if res.Trace.Counts.Filtered != 2 {
		t.Errorf("filtered count %d, want 2", res.Trace.Counts.Filtered)
	}
	// Unset, a cutoff of any value changes nothing.
	if got := sources(mustBuild(t, docs, func(o *Options) { o.MinScore = 0.5; o.LostInMiddle = false })); got != "a c d b" {
		t.Errorf("without a cutoff: %q", got)
	}
}

func TestDistanceScoresRankAscending(t *testing.T) {
	docs := scoredDocs(0.42, 0.10, 0.95, 0.30)
	res := mustBuild(t, docs, func(o *Options) { o.Scores = ScoresDistance; o.LostInMiddle = false })
	if got := sources(res); got != "b d a c" {
		t.Errorf("distance order %q, want %q", got, "b d a c")
	}
	// A minimum score under distances is a maximum distance.
	res = mustBuild(t, docs, func(o *Options) {
		o.Scores, o.MinScore, o.MinScoreSet, o.LostInMiddle = ScoresDistance, 0.4, true, false
	})
	if got := sources(res); got != "b d" {
		t.Errorf("distance cutoff kept %q, want %q", got, "b d")
	}
	if r := res.Trace.Doc(2).FilterReason(); r != "distance 0.95 > maximum 0.4" {
		t.Errorf("reason %q", r)
	}
}

func TestLooksLikeDistances(t *testing.T) {
	for _, c := range []struct {
		scores []float64
		want   bool
	}{
		{[]float64{0.21, 0.35, 0.62}, true},
		{[]float64{0.2, 0.2, 0.9, 1.4}, true},
		{[]float64{0.9, 0.7, 0.3}, false}, // best first, as similarities come
		{[]float64{0.5, 0.5, 0.5}, false}, // no order at all
		{[]float64{0.2, 0.6}, false},      // too few to say
		{[]float64{0.3, 0.9, 0.4}, false}, // unordered
	} {
		if got := LooksLikeDistances(scoredDocs(c.scores...)); got != c.want {
			t.Errorf("%v: %v, want %v", c.scores, got, c.want)
		}
	}
}

// TestRerankStageOneFollowsDistances: under distances the first stage
// retrieves the lowest scores.
func TestRerankStageOneFollowsDistances(t *testing.T) {
	docs := scoredDocs(0.42, 0.10, 0.95, 0.30)
	res := RetrieveWithRerankScores("", docs, BM25Reranker{}, 2, 2, ScoresDistance)
	if len(res.Retrieved) != 2 || res.Retrieved[0] != 1 || res.Retrieved[1] != 3 {
		t.Errorf("retrieved %v, want [1 3]", res.Retrieved)
	}
	if res = RetrieveWithRerankScores("", docs, BM25Reranker{}, 2, 2, ScoresSimilarity); res.Retrieved[0] != 2 || res.Retrieved[1] != 0 {
		t.Errorf("similarity retrieved %v, want [2 0]", res.Retrieved)
	}
}
