package report

import (
	"strings"
	"testing"
)

func TestPlainWhy(t *testing.T) {
	for in, want := range map[string]string{
		"93 tokens > 2 remaining; not even one sentence of it fits as a synopsis": "left out: it has 93 tokens and only 2 of the budget were left, too few for even its shortest sentence as a summary",
		"97 tokens > 42 remaining; a 30-token synopsis (3 of 7 sentences) fits":   "too long for the 42 tokens of budget left (it has 97): a 30-token summary of it (3 of 7 sentences) is sent instead",
		"1,200 tokens + header > 300 remaining; cut to 280 tokens":                "too long for the 300 tokens of budget left (it has 1,200 and a citation header): its first 280 tokens are sent",
		"2 tokens < minimum 5":     "filtered out as too short: 2 tokens, under the minimum of 5",
		"score 0.12 < minimum 0.3": "filtered out: its relevance score 0.12 is under the cutoff of 0.3",
		"80 tokens > 70 remaining; cut to 70 tokens then cut inside by the assembler": "too long for the 70 tokens of budget left (it has 80): its first 70 tokens are sent, then cut inside by the assembler",
		"exact duplicate of #24": "exact duplicate of #24",
	} {
		if got := PlainWhy(in); got != want {
			t.Errorf("PlainWhy(%q)\n got %q\nwant %q", in, got, want)
		}
	}
}

func TestPlainAbout(t *testing.T) {
	if got := PlainAbout("weaker-copy-sent about #15, #34"); got != "A weaker or older copy is sent instead of the better document (#15, #34)" {
		t.Errorf("got %q", got)
	}
	if got := PlainAbout("odd-code about x"); got != "odd-code about x" {
		t.Errorf("an unknown code changed: %q", got)
	}
}

func TestFindingTerms(t *testing.T) {
	var words []string
	for _, term := range FindingTerms("#15 (rank 2, score 0.91) was dropped (141 tokens > 2 remaining; not even one sentence of it fits as a synopsis)") {
		words = append(words, term.Word)
	}
	if strings.Join(words, ",") != "score,synopsis" {
		t.Errorf("terms %v, want score and synopsis", words)
	}
}
