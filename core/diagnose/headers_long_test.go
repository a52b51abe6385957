package diagnose

import (
	"strings"
	"testing"

	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/alloctest"
)

// TestMostlyHeadersQuotesALongSourceWithoutCopyingIt: a document whose
// source is as long as a document is mostly its header; the finding's
// message names it by its start and end (QuotedSource), and the source is
// not copied. The header built to be counted, the label, then the
// message formatted around it held a 50 MB source three times more
// beside the block; a message quoting it whole still held it once per
// evaluation, twice while the workbench computed the next.
func TestMostlyHeadersQuotesALongSourceWithoutCopyingIt(t *testing.T) {
	o200k, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	source := "kb/" + strings.Repeat("word ", 450_000) // past CountJoined's long part
	docs := []value.Document{{Source: source, Score: 0.9, Content: "Tiny fragment here."}}
	in := buildInput(t, docs, 1_000, func(o *pipeline.Options) { o.MinDocTokens, o.Tokenizer = 0, o200k })
	want := tokens.CountJoined(o200k, []string{pipeline.CitationHeader(1, source, 0.9, false)})
	var found []Finding
	bound := uint64(len(source)) / 8
	allocated := alloctest.Least(bound, func() { found = headerFindings(&in) })
	if len(found) != 1 || !strings.HasPrefix(found[0].Message, "#1 "+QuotedSource(source)+", sent as [1], is mostly its citation header: the header takes ") ||
		!strings.Contains(found[0].Message, " takes "+tokensOf(want)+" and ") {
		t.Fatalf("findings %.200v; want one naming the source, its header %d tokens", found, want)
	}
	if allocated > bound {
		t.Errorf("the finding on a %d-byte source allocated %d bytes; want an eighth of it at most", len(source), allocated)
	}
	if len(found[0].Message) > 400 {
		t.Errorf("the finding's message is %d bytes; want the source quoted in a sentence", len(found[0].Message))
	}
}

// TestMostlyHeadersCountsAOnePreTokenSourceInTheBlock: a source that is
// one pre-token from end to end (one letter repeated) is counted in its
// header where the block holds it; CountJoined, given the header in
// parts, had to join it, a copy of the source beside the message's.
func TestMostlyHeadersCountsAOnePreTokenSourceInTheBlock(t *testing.T) {
	o200k, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	source := strings.Repeat("a", 2<<20) // past 1 MiB; small enough for -race
	docs := []value.Document{{Source: source, Score: 0.9, Content: "Tiny fragment here."}}
	in := buildInput(t, docs, 1_000, func(o *pipeline.Options) { o.MinDocTokens, o.Tokenizer = 0, o200k })
	want := o200k.Count(pipeline.CitationHeader(1, source, 0.9, false))
	var found []Finding
	bound := uint64(len(source)) / 8
	allocated := alloctest.Least(bound, func() { found = headerFindings(&in) })
	if len(found) != 1 || !strings.Contains(found[0].Message, " takes "+tokensOf(want)+" and ") {
		t.Fatalf("findings %.200v; want one with the header's %d tokens", found, want)
	}
	if allocated > bound {
		t.Errorf("the finding on a %d-byte source allocated %d bytes; want an eighth of it at most", len(source), allocated)
	}
}
