package summarize

import (
	"strings"
	"testing"

	"ctxlab/core/pycompat"
)

// refundPolicy opens with a title line; its facts are further down.
const refundPolicy = `# Refund policy (current)
This page describes how Larkspur handles returns.
Refunds are issued to the original payment method within 5 business days of receiving the item.
Store credit is offered for items returned after 30 days.
Our team is happy to help with any questions.
Opened sleeping bags cannot be refunded, only exchanged.`

func wordCount(s string) int { return pycompat.WordCount(s) }

func TestCoveringSynopsisAnswersTheQuery(t *testing.T) {
	got := CoveringSynopsis(refundPolicy, "Can I get a refund for an opened sleeping bag?", 25, wordCount)
	if !strings.Contains(got.Text, "Opened sleeping bags cannot be refunded, only exchanged.") {
		t.Errorf("synopsis %q lacks the sentence answering the query", got.Text)
	}
	if n := wordCount(got.Text); n > 25 {
		t.Errorf("synopsis has %d words, limit 25", n)
	}
	if got.Sentences < 1 || got.Of != 6 || got.Sentences > 3 || got.Cut {
		t.Errorf("covering = %+v", got)
	}
}

func TestCoveringSynopsisKeepsDocumentOrder(t *testing.T) {
	got := CoveringSynopsis(refundPolicy, "refund sleeping bag", 60, wordCount)
	first := strings.Index(got.Text, "Refunds are issued")
	last := strings.Index(got.Text, "Opened sleeping bags")
	if first < 0 || last < 0 || first > last {
		t.Errorf("synopsis %q: want both facts, in the document's order", got.Text)
	}
}

// Without a query the document's own facts (amounts, days) win over its
// title and its pleasantries.
func TestCoveringSynopsisWithoutQueryCoversTheDocument(t *testing.T) {
	got := CoveringSynopsis(refundPolicy, "", 40, wordCount)
	if !strings.Contains(got.Text, "within 5 business days") {
		t.Errorf("synopsis %q lacks the document's main fact", got.Text)
	}
	if strings.Contains(got.Text, "happy to help") {
		t.Errorf("synopsis %q keeps a pleasantry", got.Text)
	}
}

func TestCoveringSynopsisCutsTheBestSentenceWhenNoneFits(t *testing.T) {
	long := "Refunds are issued to the original payment method within 5 business days of receiving the item."
	got := CoveringSynopsis(long, "refund payment method days", 8, wordCount)
	if !got.Cut || !strings.HasSuffix(got.Text, "…") || wordCount(got.Text) > 8 {
		t.Errorf("covering = %+v", got)
	}
	if none := CoveringSynopsis(refundPolicy, "", 3, wordCount); none.Text != "" || none.Sentences != 0 {
		t.Errorf("a 3-token limit should leave no synopsis, got %q", none.Text)
	}
	if empty := CoveringSynopsis("", "q", 100, wordCount); empty.Text != "" || empty.Of != 0 {
		t.Errorf("empty text: %+v", empty)
	}
}

func FuzzCoveringSynopsis(f *testing.F) {
	f.Add(refundPolicy, "refund", 20)
	f.Add("a. b. c.", "", 1)
	f.Fuzz(func(t *testing.T, text, query string, limit int) {
		got := CoveringSynopsis(text, query, limit, wordCount)
		if got.Text != "" && wordCount(got.Text) > limit {
			t.Errorf("synopsis of %d words exceeds limit %d", wordCount(got.Text), limit)
		}
	})
}
