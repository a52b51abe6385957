package pipeline

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/racetest"
)

// marshalIndented is what AppendIndentedJSON must equal: the reflection
// encoder's output, indented, without its closing "\n}".
func marshalIndented(t *testing.T, r *Result) []byte {
	t.Helper()
	compact, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, compact, "", "  "); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n}"))
}

func checkIndented(t *testing.T, name string, r *Result) {
	t.Helper()
	got, err := r.AppendIndentedJSON(nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if want := marshalIndented(t, r); !bytes.Equal(got, want) {
		at := 0
		for at < min(len(got), len(want)) && got[at] == want[at] {
			at++
		}
		t.Fatalf("%s: differs at byte %d:\n got %q\nwant %q", name, at, got[max(0, at-80):min(len(got), at+80)], want[max(0, at-80):min(len(want), at+80)])
	}
	// In pieces, a piece after every document and trace, the same bytes.
	var streamed []byte
	pieces := 0
	rest, err := r.StreamIndentedJSON([]byte(nil), 1, func(piece []byte) error {
		streamed = append(streamed, piece...)
		pieces++
		return nil
	})
	if err != nil {
		t.Fatalf("%s: streamed: %v", name, err)
	}
	if streamed = append(streamed, rest...); !bytes.Equal(streamed, got) {
		t.Fatalf("%s: in pieces the JSON differs from AppendIndentedJSON's", name)
	}
	if want := len(r.IncludedDocs) + len(r.ExcludedDocs) + r.Trace.Len(); pieces != want {
		t.Fatalf("%s: %d pieces, want one per document and trace (%d)", name, pieces, want)
	}
}

// A float JSON cannot spell fails the stream before any piece is emitted.
func TestStreamIndentedJSONRefusesNaNBeforeWriting(t *testing.T) {
	r := &Result{Trace: Trace{docTraces: traceTableOf([]DocTrace{{}, {Nearest: &Neighbour{Similarity: math.NaN()}}}), docs: []value.Document{{Score: 0.5}, {Score: 0.4}}}}
	_, err := r.StreamIndentedJSON(nil, 1, func([]byte) error {
		t.Fatal("a piece was emitted before the error")
		return nil
	})
	if err == nil {
		t.Fatal("NaN similarity: no error")
	}
}

// Every reference case, in both budget modes and with synopses, written
// by hand equals the reflection encoder's bytes; under the race detector,
// every fifth case.
func TestAppendIndentedJSONIsMarshalIndented(t *testing.T) {
	t.Parallel()
	heuristic, _ := tokens.ByName(tokens.TokenizerHeuristic)
	cases := loadReferenceCases(t)
	step := max(1, len(cases)/max(1, racetest.Cut(len(cases), 5)))
	for i := 0; i < len(cases); i += step {
		c := cases[i]
		docs := make([]value.Document, len(c.Documents))
		for i, d := range c.Documents {
			docs[i] = value.Document{Content: d.Content, Score: d.Score, Source: d.Source, Metadata: d.Metadata}
		}
		a := Analyze(docs)
		for _, mode := range []BudgetMode{BudgetReference, BudgetStrict} {
			opts := DefaultOptions()
			opts.Tokenizer = heuristic
			opts.DedupThreshold, opts.MinDocTokens, opts.LostInMiddle = c.Options.DedupThreshold, c.Options.MinDocTokens, c.Options.LostInMiddle
			opts.ShingleSize, opts.Budget, opts.BudgetMode = c.Options.ShingleSize, c.Options.Budget, mode
			opts.SummarizeOverflow = len(c.Name)%2 == 0
			r, err := Build(a, opts)
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			checkIndented(t, c.Name+"/"+string(mode), r)
		}
	}
}

// Strings of every kind encoding/json escapes, floats at its exponent
// cutoffs, empty and nil lists, metadata of every JSON type.
func TestAppendIndentedJSONEscapesAsEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "<b>&", "\"q\"", "\\", "\n\r\t\b\f", "\x00\x01\x1f\x7f", "\u2028\u2029", "é漢🙂", "\xff\xfe", "\xe2\x80", "</script>"}
	text := func() string {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	floats := []float64{0, math.Copysign(0, -1), 1, 0.5, 1e-7, 1e-6, 9.99e-7, 1e20, 1e21, 123456789.125, 0.1 + 0.2, -3e-9}
	for round := range 200 {
		r := &Result{
			ContextBlock: text(), CitationMap: map[int]string{1: text(), 2: text()},
			TokensUsed: rng.IntN(5000), TokensBudget: 4000, DuplicatesRemoved: rng.IntN(3), Truncated: rng.IntN(2) == 0,
			UtilizationPct: floats[rng.IntN(len(floats))],
			IncludedDocs: []value.Document{{Content: text(), Score: floats[rng.IntN(len(floats))], Source: text(),
				Metadata: map[string]any{text(): text(), "n": 3.5, "list": []any{1.0, "x", nil, true}, "obj": map[string]any{"k": text()}}}},
			ExcludedDocs: []value.Document{},
		}
		if round%2 == 0 {
			r.ExcludedDocs = nil
		}
		var traces []DocTrace
		for i := range 3 {
			d := DocTrace{Index: int32(i),
				SortedPos: int32(i - 1), PosBeforeReorder: -1, PosAfterReorder: int32(i), Fate: FateExcluded, CutAt: -1, Citation: int32(rng.IntN(2))}
			if rng.IntN(2) == 0 {
				d.markFiltered(text())
			} else {
				d.setBudgetReason(text())
			}
			if rng.IntN(2) == 0 {
				d.Duplicate = &Duplicate{Kind: DuplicateNear, Of: 0, Similarity: floats[rng.IntN(len(floats))]}
			}
			traces = append(traces, d)
			r.Trace.docs = append(r.Trace.docs, value.Document{Content: text(), Source: text(), Score: floats[rng.IntN(len(floats))]})
			r.Trace.tokens.n = append(r.Trace.tokens.n, uint32(rng.IntN(99)))
		}
		r.Trace.docTraces = traceTableOf(traces)
		r.Trace.Sorted = []int{}
		if round%3 == 0 {
			r.Trace.Cited = []int{2, 0}
			r.Trace.docTraces = traceTableOf(nil)
		}
		r.Trace.Tokenizer, r.Trace.BudgetMode = text(), BudgetStrict
		checkIndented(t, "round", r)
	}
}

// BenchmarkStreamIndentedJSON writes the result of 10,000 documents, a
// third of them with accents, quotes and angle brackets, in the pieces
// `ctxlab build --format json` writes.
func BenchmarkStreamIndentedJSON(b *testing.B) {
	docs := benchDocs(10_000)
	for i := range docs {
		if i%3 == 0 {
			docs[i].Content += ` "Größe" <b>café</b> & naïve`
		}
	}
	opts := DefaultOptions()
	opts.Tokenizer, _ = tokens.ByName(tokens.TokenizerHeuristic)
	r, err := Build(Analyze(docs), opts)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 0, 300<<10)
	size := 0
	b.ResetTimer()
	for range b.N {
		size = 0
		rest, err := r.StreamIndentedJSON(buf, 256<<10, func(piece []byte) error {
			size += len(piece)
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		size += len(rest)
	}
	b.SetBytes(int64(size))
}
