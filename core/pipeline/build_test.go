package pipeline

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/racetest"
)

func mustBuild(t *testing.T, docs []value.Document, mutate func(*Options)) *Result {
	t.Helper()
	opts := DefaultOptions()
	if mutate != nil {
		mutate(&opts)
	}
	res, err := Build(Analyze(docs), opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestSeedBasicExample(t *testing.T) {
	res := mustBuild(t, []value.Document{{Content: "Paris is the capital of France.", Score: 0.9}}, nil)
	want := "--- Source [1] --- (relevance: 0.90)\nParis is the capital of France."
	if res.ContextBlock != want {
		t.Errorf("block = %q, want %q", res.ContextBlock, want)
	}
	if res.CitationMap[1] != "doc_1" {
		t.Errorf("citation map = %v", res.CitationMap)
	}
	// 6 header words + 6 content words = 12 * 1.3 = 15.6 -> 15
	if res.TokensUsed != 15 || res.UtilizationPct != 0.4 {
		t.Errorf("tokens %d utilization %v", res.TokensUsed, res.UtilizationPct)
	}
}

func TestEmptyDocuments(t *testing.T) {
	res := mustBuild(t, nil, nil)
	if res.ContextBlock != "" || len(res.CitationMap) != 0 || res.Truncated || res.TokensUsed != 0 {
		t.Errorf("unexpected result for no documents: %+v", res)
	}
	b, err := json.Marshal(res)
	if err != nil || !strings.Contains(string(b), `"citation_map":{}`) || !strings.Contains(string(b), `"included_docs":[]`) {
		t.Errorf("json = %s, %v", b, err)
	}
}

func TestReorderCases(t *testing.T) {
	for n, want := range map[int]string{
		9:  "1 3 5 7 9 8 6 4 2",
		10: "1 3 5 7 9 10 8 6 4 2",
		4:  "1 3 4 2",
		1:  "1",
	} {
		ranked := make([]int, n)
		for i := range ranked {
			ranked[i] = i + 1
		}
		got := strings.Trim(fmt.Sprint(lostInMiddle(ranked)), "[]")
		if got != want {
			t.Errorf("reorder %d = %s, want %s", n, got, want)
		}
	}
}

func TestReorderOnlyAboveThree(t *testing.T) {
	docs := []value.Document{
		{Content: testtext.Words(10, "a"), Score: 0.9},
		{Content: testtext.Words(10, "b"), Score: 0.8},
		{Content: testtext.Words(10, "c"), Score: 0.7},
	}
	res := mustBuild(t, docs, nil)
	if res.Trace.Counts.Reordered || fmt.Sprint(res.Trace.Reordered) != "[0 1 2]" {
		t.Errorf("three documents reordered: %v", res.Trace.Reordered)
	}
	docs = append(docs, value.Document{Content: testtext.Words(10, "d"), Score: 0.6})
	res = mustBuild(t, docs, nil)
	if fmt.Sprint(res.Trace.Reordered) != "[0 2 3 1]" {
		t.Errorf("four documents: %v", res.Trace.Reordered)
	}
}

func TestFilterAndStableSort(t *testing.T) {
	docs := []value.Document{
		{Content: "too short", Score: 1},
		{Content: testtext.Words(10, "x"), Score: 0.5, Source: "first-tie"},
		{Content: testtext.Words(10, "y"), Score: 0.9},
		{Content: testtext.Words(10, "z"), Score: 0.5, Source: "second-tie"},
	}
	res := mustBuild(t, docs, func(o *Options) { o.LostInMiddle = false })
	tr := res.Trace
	if !tr.Doc(0).Filtered || tr.Doc(0).Fate != FateFiltered || tr.Doc(0).FilterReason() != "2 tokens < minimum 5" {
		t.Errorf("filter trace = %+v", tr.Doc(0))
	}
	if fmt.Sprint(tr.Sorted) != "[2 1 3]" {
		t.Errorf("sorted = %v, want ties in input order", tr.Sorted)
	}
}

func TestDedupExactAndNear(t *testing.T) {
	base := testtext.Words(40, "w")
	near := strings.Replace(base, "w20", "changed", 1) // 5 of 36 shingles differ
	docs := []value.Document{
		{Content: base, Score: 0.9, Source: "orig"},
		{Content: strings.ToUpper(strings.ReplaceAll(base, " ", " \n\t ")), Score: 0.8, Source: "exact"},
		{Content: near, Score: 0.7, Source: "near"},
	}
	res := mustBuild(t, docs, func(o *Options) { o.DedupThreshold = 0.75 })
	tr := &res.Trace
	if d := tr.Doc(1).Duplicate; d == nil || d.Kind != DuplicateExact || d.Of != 0 {
		t.Errorf("exact duplicate trace = %+v", d)
	}
	wantJ := 31.0 / 41.0
	if d := tr.Doc(2).Duplicate; d == nil || d.Kind != DuplicateNear || d.Of != 0 || d.Similarity != wantJ {
		t.Errorf("near duplicate trace = %+v, want J=%v", d, wantJ)
	}
	if res.DuplicatesRemoved != 2 {
		t.Errorf("duplicates removed = %d", res.DuplicatesRemoved)
	}
	// Above its similarity the near copy survives.
	res = mustBuild(t, docs, nil)
	if res.Trace.Doc(2).Duplicate != nil || res.DuplicatesRemoved != 1 {
		t.Errorf("near copy removed at 0.8: %+v", res.Trace.Doc(2).Duplicate)
	}
	// A threshold of 0 makes every later document a duplicate of the first kept.
	res = mustBuild(t, []value.Document{{Content: testtext.Words(8, "a"), Score: 1}, {Content: testtext.Words(8, "b"), Score: 0.5}}, func(o *Options) { o.DedupThreshold = 0 })
	if d := res.Trace.Doc(1).Duplicate; d == nil || d.Of != 0 || d.Similarity != 0 {
		t.Errorf("threshold 0: %+v", d)
	}
}

func TestDedupNamesFirstKeptMatch(t *testing.T) {
	a := testtext.Words(30, "a")
	b := testtext.Words(30, "b")
	both := a + " " + b
	docs := []value.Document{
		{Content: a, Score: 0.9},
		{Content: b, Score: 0.8},
		{Content: both, Score: 0.7},
	}
	res := mustBuild(t, docs, func(o *Options) { o.DedupThreshold = 0.3 })
	if d := res.Trace.Doc(2).Duplicate; d == nil || d.Of != 0 {
		t.Errorf("duplicate should name the first kept match: %+v", d)
	}
}

func TestBudgetPartialAndWalkContinues(t *testing.T) {
	docs := []value.Document{
		{Content: testtext.Words(60, "a"), Score: 0.9, Source: "a"},  // 78 tokens
		{Content: testtext.Words(100, "b"), Score: 0.8, Source: "b"}, // 130 tokens
		{Content: testtext.Words(20, "c"), Score: 0.7, Source: "c"},  // 26 tokens
	}
	res := mustBuild(t, docs, func(o *Options) { o.Budget = 150; o.LostInMiddle = false })
	tr := &res.Trace
	if tr.Doc(0).Fate != FateIncluded || tr.Doc(1).Fate != FatePartial || tr.Doc(2).Fate != FateExcluded {
		t.Fatalf("fates = %s %s %s", tr.Doc(0).Fate, tr.Doc(1).Fate, tr.Doc(2).Fate)
	}
	// remaining 72 -> int(72/1.3) = 55 words
	if got := res.IncludedDocs[1].Content; got != strings.Join(strings.Fields(testtext.Words(100, "b"))[:55], " ")+" [...]" {
		t.Errorf("partial content = %q", got)
	}
	if res.IncludedDocs[1].Metadata["truncated"] != true || len(res.ExcludedDocs) != 2 || !res.Truncated {
		t.Errorf("partial bookkeeping wrong: %+v", res)
	}
	// With 50 or fewer remaining there is no partial copy, and a later
	// document that fits is still included.
	res = mustBuild(t, docs, func(o *Options) { o.Budget = 110; o.LostInMiddle = false })
	tr = &res.Trace
	if tr.Doc(1).Fate != FateExcluded || tr.Doc(2).Fate != FateIncluded {
		t.Errorf("fates = %s %s", tr.Doc(1).Fate, tr.Doc(2).Fate)
	}
}

func TestStrictModeNeverExceeds(t *testing.T) {
	t.Parallel()
	var docs []value.Document
	for i := 0; i < 30; i++ {
		docs = append(docs, value.Document{Content: testtext.Words(20+i*7, fmt.Sprintf("d%d_", i)), Score: 1 - float64(i)/100, Source: fmt.Sprintf("kb/doc-%d.md", i)})
	}
	// Under the race detector each budget runs with one tokenizer, in
	// turn; without it, with every one.
	step := max(1, len(tokens.Names)/max(1, racetest.Cut(len(tokens.Names), 5)))
	for k, tokName := range tokens.Names {
		tok, _ := tokens.ByName(tokName)
		for b, budget := range []int{0, 10, 60, 200, 777, 3000} {
			if (k+b)%step != 0 {
				continue
			}
			for _, summarize := range []bool{false, true} {
				res := mustBuild(t, docs, func(o *Options) {
					o.Tokenizer, o.Budget, o.BudgetMode, o.SummarizeOverflow = tok, budget, BudgetStrict, summarize
				})
				if res.TokensUsed > budget {
					t.Errorf("%s budget %d summarize %v: block has %d tokens", tokName, budget, summarize, res.TokensUsed)
				}
			}
		}
	}
	// The reference mode overshoots on the same input: its headers are free.
	res := mustBuild(t, docs, func(o *Options) { o.Budget = 777 })
	if res.TokensUsed <= 777 || res.HeaderOverhead() <= 0 {
		t.Errorf("reference mode should overshoot: %d tokens", res.TokensUsed)
	}
}

func TestSummarizeOverflow(t *testing.T) {
	docs := []value.Document{
		{Content: testtext.Words(100, "a"), Score: 0.9, Source: "a"},
		{Content: "Refunds are issued within five business days. " + testtext.Words(200, "b"), Score: 0.8, Source: "b"},
	}
	res := mustBuild(t, docs, func(o *Options) { o.Budget = 150; o.SummarizeOverflow = true; o.LostInMiddle = false })
	tr := res.Trace.Doc(1)
	if tr.Fate != FateSummarized || tr.Citation != 2 {
		t.Fatalf("fate = %s", tr.Fate)
	}
	if !strings.Contains(res.ContextBlock, "--- Source [2] b --- (relevance: 0.80) [summary]\nRefunds are issued within five business days.") {
		t.Errorf("block = %q", res.ContextBlock)
	}
}

func TestEveryDocumentHasOneFate(t *testing.T) {
	docs := []value.Document{
		{Content: "x", Score: 1},
		{Content: testtext.Words(30, "a"), Score: 0.9},
		{Content: testtext.Words(30, "a"), Score: 0.8},
		{Content: testtext.Words(300, "b"), Score: 0.7},
		{Content: testtext.Words(300, "c"), Score: 0.6},
	}
	res := mustBuild(t, docs, func(o *Options) { o.Budget = 200 })
	for i := range res.Trace.Len() {
		if d := res.Trace.Doc(i); d.Fate == fateUndecided {
			t.Errorf("doc %d has no fate", d.Index)
		}
	}
	c := res.Trace.Counts
	if c.Filtered+c.Duplicates+c.Included+c.Partial+c.Summarized+c.Excluded != c.Input {
		t.Errorf("counts do not add up: %+v", c)
	}
}

func TestBuildRefusesOptionsItCannotRunWith(t *testing.T) {
	bad := []func(*Options){
		func(o *Options) { o.ShingleSize = 0 },
		func(o *Options) { o.Budget = -1 },
		func(o *Options) { o.Tokenizer = nil },
	}
	for i, mutate := range bad {
		opts := DefaultOptions()
		mutate(&opts)
		if _, err := Build(Analyze(nil), opts); err == nil {
			t.Errorf("case %d: options Build cannot run with accepted", i)
		}
	}
}

func TestCutOffsetAndSharedWords(t *testing.T) {
	docs := []value.Document{
		{Content: testtext.Words(60, "a"), Score: 0.9, Source: "a"},
		{Content: "b0  b1\tb2 " + testtext.Words(100, "c"), Score: 0.8, Source: "b"},
	}
	res := mustBuild(t, docs, func(o *Options) { o.Budget = 150; o.LostInMiddle = false })
	tr := res.Trace.Doc(1)
	kept := strings.TrimSuffix(res.IncludedDocs[1].Content, " [...]")
	if tr.CutAt <= 0 || len(strings.Fields(docs[1].Content[:tr.CutAt])) != len(strings.Fields(kept)) {
		t.Errorf("cut at %d does not end the kept words %q", tr.CutAt, kept)
	}
	a := Analyze([]value.Document{{Content: "one two three four five six"}, {Content: "zero one two three four five"}})
	mask := a.SharedWords(0, 1, 5)
	if fmt.Sprint(mask) != "[true true true true true false]" {
		t.Errorf("shared words = %v", mask)
	}
	if len(WordSpans(" x  yz ")) != 2 {
		t.Error("WordSpans miscounted")
	}
}

// Documents of different counts under the minimum each get their own
// count in the reason, those of one count the same words.
func TestFilterReasonPerCount(t *testing.T) {
	docs := []value.Document{{Content: "one", Score: 1}, {Content: "two words", Score: 1}, {Content: "again", Score: 1}, {Content: testtext.Words(10, "x"), Score: 1}}
	res := mustBuild(t, docs, nil)
	want := []string{"1 token < minimum 5", "2 tokens < minimum 5", "1 token < minimum 5", ""}
	for i, w := range want {
		if got := res.Trace.Doc(i).FilterReason(); got != w {
			t.Errorf("document %d: reason %q, want %q", i, got, w)
		}
	}
}
