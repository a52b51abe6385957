package pipeline

import (
	"strings"
	"testing"

	"ctxlab/core/value"
	"ctxlab/internal/alloctest"
)

// TestFormatBlockCopiesALongSourceOnce: the block is written once into a
// builder of its size. A header built by doubling, joined to its
// document, then the pieces joined, held a document whose source is 50 MB
// (the header repeats it) three times beside the block.
func TestFormatBlockCopiesALongSourceOnce(t *testing.T) {
	source := strings.Repeat("s", 1<<20)
	placed := []placedDoc{
		{doc: value.Document{Content: "Paris is the capital of France.", Score: 0.9, Source: source}},
		{doc: value.Document{Content: strings.Repeat("c", 1<<20), Score: 1}, fate: FateSummarized},
		{doc: value.Document{Content: "tiny", Score: 0.25, Source: "a.md"}},
	}
	want := CitationHeader(1, source, 0.9, false) + "\n" + placed[0].doc.Content + Separator +
		CitationHeader(2, "", 1, true) + "\n" + placed[1].doc.Content + Separator +
		CitationHeader(3, "a.md", 0.25, false) + "\ntiny"
	var block string
	var citations map[int]string
	bound := uint64(len(want)) + uint64(len(want))/8
	allocated := alloctest.Least(bound, func() { block, citations = formatBlock(placed) })
	if block != want {
		t.Fatalf("formatBlock = %.200q...; want %.200q...", block, want)
	}
	if citations[1] != source || citations[2] != "doc_2" || citations[3] != "a.md" {
		t.Errorf("citations = %.40q, %q, %q; want the source, doc_2, a.md", citations[1], citations[2], citations[3])
	}
	if allocated > bound {
		t.Errorf("formatting a %d-byte block allocated %d bytes; want at most an eighth more than the block", len(block), allocated)
	}
}

// TestCitationHeaderParts: the parts join to the header.
func TestCitationHeaderParts(t *testing.T) {
	for _, c := range []struct {
		source  string
		score   float64
		summary bool
		want    string
	}{
		{"a.md", 0.5, false, "--- Source [7] a.md --- (relevance: 0.50)"},
		{"", 1, true, "--- Source [7] --- [summary]"},
		{"b", 2, false, "--- Source [7] b ---"},
	} {
		if got := strings.Join(CitationHeaderParts(7, c.source, c.score, c.summary), ""); got != c.want || CitationHeader(7, c.source, c.score, c.summary) != c.want {
			t.Errorf("header of %q: parts join to %q, CitationHeader %q; want %q", c.source, got, CitationHeader(7, c.source, c.score, c.summary), c.want)
		}
	}
}

// TestStreamedJSONHoldsNoSourceWhole: the citation map is written as the
// rest of the result is, a long source a window at a time; marshalled
// and then indented, a 50 MB source was copied four times over.
func TestStreamedJSONHoldsNoSourceWhole(t *testing.T) {
	source := strings.Repeat("https://example.com/a/source ", 40_000)
	res, err := Build(Analyze([]value.Document{{Content: "Paris is the capital of France.", Score: 0.9, Source: source}}), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	bound := uint64(len(source)) / 4
	allocated := alloctest.Least(bound, func() {
		_, err = res.StreamIndentedJSON(make([]byte, 0, 64<<10), 32<<10, func([]byte) error { return nil })
	})
	if err != nil {
		t.Fatal(err)
	}
	if allocated > bound {
		t.Errorf("streaming a result with a %d-byte source allocated %d bytes; want at most a quarter of it", len(source), allocated)
	}
}
