package pipeline

import "testing"

func TestTopKKeepsTheBestAfterDedup(t *testing.T) {
	docs := scoredDocs(0.4, 0.9, 0.9, 0.7, 0.8)
	docs[2].Content = docs[1].Content // an exact copy must not take a place
	res := mustBuild(t, docs, func(o *Options) { o.TopK = 2; o.LostInMiddle = false })
	if got := sources(res); got != "b e" {
		t.Errorf("top-2 kept %q, want %q", got, "b e")
	}
	if tr := res.Trace.Doc(3); tr.Fate != FateFiltered || tr.FilterReason() != "ranked 3 after deduplication, beyond top-k 2" || tr.PosBeforeReorder != -1 {
		t.Errorf("d: %+v", tr)
	}
	if c := res.Trace.Counts; c.Filtered != 2 || c.Duplicates != 1 || c.Included != 2 {
		t.Errorf("counts %+v", c)
	}
	// 0 and a k above the documents keep every one.
	for _, k := range []int{0, 10} {
		if got := sources(mustBuild(t, docs, func(o *Options) { o.TopK = k; o.LostInMiddle = false })); got != "b e d a" {
			t.Errorf("top-%d kept %q", k, got)
		}
	}
}

func TestTopKSweepMatchesBuilds(t *testing.T) {
	docs := scoredDocs(0.4, 0.9, 0.6, 0.7, 0.8)
	opts := DefaultOptions()
	a := Analyze(docs)
	points, err := Sweep(a, opts, SweepTopK, []float64{0, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range points {
		o := opts
		o.TopK = int(p.Value)
		res, _ := Build(a, o)
		if p.Sent != len(res.IncludedDocs) || p.TokensUsed != res.TokensUsed || p.Kept != len(res.Trace.Deduped) {
			t.Errorf("top-k %v: sweep %+v, build sent %d tokens %d", p.Value, p, len(res.IncludedDocs), res.TokensUsed)
		}
	}
	if points[1].Sent != 1 || points[0].Sent != 5 {
		t.Errorf("points %+v", points)
	}
}
