package core_test

import (
	"context"
	"crypto/md5"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"ctxlab/core"
	"ctxlab/core/fix"
	"ctxlab/core/pipeline"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// The invariants below hold for every input and every setting; the fuzz
// targets and the property tests both check them. The duplicate checks
// recompute the reference's hash and Jaccard here, independently of the
// pipeline's cached classes and pairs.

// checkBuild: every document ends in exactly one fate, the kept ones are
// pairwise neither exact nor near duplicates, reordering is a
// permutation, a strict block stays within its budget.
func checkBuild(t *testing.T, docs []value.Document, opts pipeline.Options, res *pipeline.Result) {
	t.Helper()
	tr := res.Trace
	if tr.Len() != len(docs) {
		t.Fatalf("%d traces for %d documents", tr.Len(), len(docs))
	}
	fates := map[pipeline.Fate]int{}
	for i := range tr.Len() {
		d := tr.Doc(i)
		switch d.Fate {
		case pipeline.FateFiltered, pipeline.FateDuplicate, pipeline.FateIncluded,
			pipeline.FatePartial, pipeline.FateSummarized, pipeline.FateExcluded:
			fates[d.Fate]++
		default:
			t.Errorf("document %d has no fate (%q)", i, d.Fate)
		}
	}
	c := tr.Counts
	if c.Filtered != fates[pipeline.FateFiltered] || c.Duplicates != fates[pipeline.FateDuplicate] ||
		c.Filtered+c.Duplicates+c.Included+c.Partial+c.Summarized+c.Excluded != len(docs) {
		t.Errorf("counts %+v do not add up to %d documents with fates %v", c, len(docs), fates)
	}
	cited := 0
	for _, i := range tr.Cited {
		if f := tr.Doc(i).Fate; f != pipeline.FateIncluded && f != pipeline.FatePartial && f != pipeline.FateSummarized {
			t.Errorf("document %d is cited with fate %s", i, f)
		}
		cited++
	}
	if cited != c.Included+c.Partial+c.Summarized {
		t.Errorf("%d cited, %d in the context", cited, c.Included+c.Partial+c.Summarized)
	}

	// Each kept document's hash and shingles, made once for every pair.
	hashes := make([][16]byte, len(tr.Deduped))
	sets := make([]map[string]bool, len(tr.Deduped))
	for x, i := range tr.Deduped {
		hashes[x], sets[x] = normalizedHash(docs[i].Content), shingles(docs[i].Content, opts.ShingleSize)
	}
	for x, i := range tr.Deduped {
		for y, j := range tr.Deduped[x+1:] {
			y += x + 1
			if hashes[x] == hashes[y] {
				t.Errorf("kept documents %d and %d have the same normalized hash", i, j)
			}
			if sim := jaccard(sets[x], sets[y]); sim >= opts.DedupThreshold {
				t.Errorf("kept documents %d and %d have Jaccard %v ≥ threshold %v", i, j, sim, opts.DedupThreshold)
			}
		}
	}

	// Reordering places every deduplicated document once; with the
	// budget first, the ones the budget kept come first, the rest after.
	if !samePermutation(tr.Reordered, tr.Deduped) {
		t.Errorf("reordered %v is not a permutation of %v", tr.Reordered, tr.Deduped)
	}
	if tr.BudgetFirst && (len(tr.Cited) > len(tr.Reordered) || !samePermutation(tr.Reordered[:len(tr.Cited)], tr.Cited)) {
		t.Errorf("budget first: reordered %v does not start with the kept %v", tr.Reordered, tr.Cited)
	}

	if opts.BudgetMode == pipeline.BudgetStrict && res.TokensUsed > opts.Budget {
		t.Errorf("strict mode: the block has %d tokens, over its budget of %d", res.TokensUsed, opts.Budget)
	}
}

func samePermutation(a, b []int) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y) && len(slices.Compact(x)) == len(a)
}

var pythonSpace = regexp.MustCompile(`\s+`)

// normalizedHash is the reference's md5(re.sub(r"\s+", " ", lower)).
func normalizedHash(s string) [16]byte {
	return md5.Sum([]byte(pythonSpace.ReplaceAllString(strings.ToLower(s), " ")))
}

// shingles is the reference's _shingles: k-word windows of the lowered
// words, or the whole word tuple when there are fewer than k.
func shingles(s string, k int) map[string]bool {
	words := strings.Fields(strings.ToLower(s))
	set := map[string]bool{}
	if len(words) < k {
		set[strings.Join(words, "\x00")] = true
		return set
	}
	for i := 0; i+k <= len(words); i++ {
		set[strings.Join(words[i:i+k], "\x00")] = true
	}
	return set
}

func jaccard(a, b map[string]bool) float64 {
	inter := 0
	for s := range a {
		if b[s] {
			inter++
		}
	}
	union := len(a) + len(b) - inter
	if union == 0 {
		return 0
	}
	return float64(inter) / float64(union)
}

// checkAssembly: the request's total is the sum of its lines, and the
// overflow is reported exactly when the total passes the max input.
func checkAssembly(t *testing.T, ev *core.Evaluation) {
	t.Helper()
	a := ev.Assembly
	if a == nil {
		t.Fatal("no assembly")
	}
	sum := 0
	for _, r := range a.Components {
		if r.Name != window.ComponentReserve {
			sum += r.Used
		}
	}
	if sum != a.Used {
		t.Errorf("total %d, the lines add up to %d: %+v", a.Used, sum, a.Components)
	}
}

// checkFixes: a fix whose preview says the request fits does fit once its
// changes are applied through the knob table and evaluated afresh. It
// returns how many such fixes it applied.
func checkFixes(t *testing.T, in core.EvalInput, ev *core.Evaluation) (applied int) {
	t.Helper()
	fixes, err := fix.Suggest(context.Background(), in, ev)
	if err != nil {
		t.Fatalf("Suggest: %v", err)
	}
	for _, f := range fixes {
		if !f.Preview.Fits {
			continue
		}
		applied++
		s, err := fix.ApplyChanges(ev.Settings, f.Changes)
		if err != nil {
			t.Errorf("fix %s: its changes are refused: %v", f.Kind, err)
			continue
		}
		after, err := core.Evaluate(context.Background(), in, s)
		if err != nil {
			t.Errorf("fix %s: %v", f.Kind, err)
			continue
		}
		if after.Overflow != nil || after.Assembly.Used > after.Assembly.MaxInput {
			t.Errorf("fix %s says it fits; applied, the request has %d tokens for %d (%v)", f.Kind, after.Assembly.Used, after.Assembly.MaxInput, after.Overflow)
		}
	}
	return applied
}

// evaluationBytes is everything an evaluation sends or reports, as bytes.
func evaluationBytes(t *testing.T, ev *core.Evaluation) string {
	t.Helper()
	out, err := json.Marshal(struct {
		Block    string
		Assembly *window.Assembly
		Trace    any
	}{ev.RAGBlock(), ev.Assembly, buildTrace(ev)})
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func buildTrace(ev *core.Evaluation) any {
	if ev.Build != nil {
		return ev.Build.Trace
	}
	return nil
}

// fuzzNow stamps every evaluation, so two are comparable byte for byte.
var fuzzNow = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
