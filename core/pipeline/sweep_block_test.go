package pipeline

import (
	"strings"
	"testing"

	"ctxlab/core/pycompat"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/alloctest"
)

// TestCitationHeaderWords: the header's words counted on its parts are
// the header's, whatever spaces the source starts or ends with.
func TestCitationHeaderWords(t *testing.T) {
	for _, source := range []string{"", "a.md", " a b ", "\u3000x\u3000", "x\n", "--- y ---"} {
		for _, score := range []float64{0.5, 1} {
			for _, summary := range []bool{false, true} {
				want := pycompat.WordCount(CitationHeader(3, source, score, summary))
				if got := CitationHeaderWords(3, source, score, summary); got != want {
					t.Errorf("CitationHeaderWords(%q, %v, %v) = %d, want %d", source, score, summary, got, want)
				}
			}
		}
	}
}

// longSourceDocs are the benchmark documents and one whose source is
// 1 MiB, the one a sweep sends at every value.
func longSourceDocs(n int) ([]value.Document, string) {
	source := "kb/" + strings.Repeat("a", 1<<20)
	docs := append([]value.Document{{Content: "Paris is the capital of France.", Score: 1, Source: source}}, benchDocs(n)...)
	return docs, source
}

// TestSweepFormatsNoBlockPerValue: under the heuristic a sweep counts
// its points from the pieces, so a document whose source is 1 MiB is
// neither formatted into a block nor copied into a header for any
// value. Each value formatted a block and a header of its own: 100 MiB
// for these 51 values.
func TestSweepFormatsNoBlockPerValue(t *testing.T) {
	docs, source := longSourceDocs(20)
	a := Analyze(docs)
	opts := DefaultOptions()
	opts.SweepAssemblerCut = true
	opts.Budget = 1 << 20 // every document fits whole: no value cuts a copy of its own
	values := steps(0.5, 1, 0.01)
	if _, err := Sweep(a, opts, SweepDedupThreshold, values); err != nil { // warms the analysis's caches
		t.Fatal(err)
	}
	var points []SweepPoint
	var err error
	bound := uint64(len(source)) / 2
	grew := alloctest.Least(bound, func() { points, err = Sweep(a, opts, SweepDedupThreshold, values) })
	if err != nil {
		t.Fatal(err)
	}
	if points[0].Sent == 0 {
		t.Fatal("the long-source document is not sent: the test measures nothing")
	}
	if grew > bound {
		t.Errorf("sweeping %d values allocated %d bytes; a block holds %d", len(values), grew, len(source))
	}
}

// TestSweepMatchesBuildsUnderBPE: a BPE count reads the block, which a
// sweep formats once while the values place the same documents; the
// points, and the documents sent after the assembler's cut, are still
// each value's build's.
func TestSweepMatchesBuildsUnderBPE(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerCL100K)
	if err != nil {
		t.Fatal(err)
	}
	docs, _ := longSourceDocs(60)
	docs[0].Source = docs[0].Source[:4<<10] // counted once per distinct block: kept short for -race
	a := Analyze(docs)
	values := map[SweepParam][]float64{
		SweepDedupThreshold: {0.5, 0.6, 0.6, 1, 0.5},
		SweepBudget:         {0, 300, 2000, 2000, 5000, 300},
		SweepTopK:           {0, 1, 3, 3, 10},
	}
	for param, vs := range values {
		opts := DefaultOptions()
		opts.Tokenizer = tok
		opts.SweepAssemblerCut = true
		points, err := Sweep(a, opts, param, vs)
		if err != nil {
			t.Fatal(err)
		}
		for n, v := range vs {
			o := opts
			param.apply(&o, v)
			res, err := Build(a, o)
			if err != nil {
				t.Fatal(err)
			}
			want := pointOfResult(v, res)
			want.SentAfterCut = res.DocsSentAfterCut(a, tok, o.Budget)
			if points[n] != want {
				t.Errorf("param %d at %v: sweep %+v, build %+v", param, v, points[n], want)
			}
		}
	}
}
