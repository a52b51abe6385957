package cli_test

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestEvalRecallCountsWhatIsSent: context recall counts the relevant
// documents a request carries after the assembler cuts each block to
// the retrieved context's allocation. In the sample, q05's and q14's
// only relevant documents are in the pipeline's block but past the cut
// (the citation headers the reference does not budget put the block
// over), while the stale archive copies ranked above them are sent: both
// have recall 0, their document lost "cut by the assembler", and the
// aggregate is the mean of the per-query recalls as sent, in JSON, CSV
// and text alike.
func TestEvalRecallCountsWhatIsSent(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", append(sampleEvalArgs, "--format", "json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Queries []struct {
			QID           string              `json:"qid"`
			Included      []string            `json:"included"`
			Sent          []string            `json:"sent"`
			ContextRecall *float64            `json:"context_recall"`
			BlockRecall   *float64            `json:"block_recall"`
			RelevantLost  map[string][]string `json:"relevant_lost"`
		} `json:"queries"`
		Aggregate struct {
			ContextRecall *float64 `json:"context_recall"`
			DocumentsSent int      `json:"documents_sent"`
		} `json:"aggregate"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	lostDoc := map[string]string{"q05": "kb-free-shipping", "q14": "kb-price-match"}
	sum, n, sent := 0.0, 0, 0
	for _, q := range out.Queries {
		sent += len(q.Sent)
		if len(q.Sent) > len(q.Included) || !slices.Equal(q.Sent, q.Included[:len(q.Sent)]) {
			t.Errorf("%s: sent %v is not the start of the block %v", q.QID, q.Sent, q.Included)
		}
		if q.ContextRecall != nil {
			sum += *q.ContextRecall
			n++
		}
		doc, ok := lostDoc[q.QID]
		if !ok {
			continue
		}
		if q.ContextRecall == nil || *q.ContextRecall != 0 || q.BlockRecall == nil || *q.BlockRecall != 1 {
			t.Errorf("%s: recall %v, in the block %v; want 0 as sent, 1 in the block", q.QID, q.ContextRecall, q.BlockRecall)
		}
		if got := q.RelevantLost["assembler_cut"]; !slices.Equal(got, []string{doc}) || !slices.Contains(q.Included, doc) || slices.Contains(q.Sent, doc) {
			t.Errorf("%s: lost in the assembler's cut %v, want [%s] (in the block %v, sent %v)", q.QID, got, doc, q.Included, q.Sent)
		}
	}
	if n != 27 || out.Aggregate.ContextRecall == nil || math.Abs(*out.Aggregate.ContextRecall-sum/float64(n)) > 1e-12 {
		t.Errorf("aggregate recall %v, want the mean of %d queries' recalls as sent, %v", out.Aggregate.ContextRecall, n, sum/float64(n))
	}
	if out.Aggregate.DocumentsSent != sent {
		t.Errorf("aggregate %d documents sent, the queries %d", out.Aggregate.DocumentsSent, sent)
	}

	text, stderr, code := run(t, "", sampleEvalArgs...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"q05    0.00    0 of 1", "kb-free-shipping (cut by the assembler)",
		"q14    0.00    0 of 1", "kb-price-match (cut by the assembler)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	csvOut, _, _ := run(t, "", append(sampleEvalArgs, "--format", "csv")...)
	for _, line := range strings.Split(csvOut, "\n") {
		if strings.HasPrefix(line, "q14,") && !strings.Contains(line, ",0.0000,1.0000,") {
			t.Errorf("CSV q14 row %q lacks context_recall 0.0000 and block_recall 1.0000", line)
		}
	}
}
