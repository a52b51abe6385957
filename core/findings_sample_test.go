package core_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/loaders/scenario"
	"ctxlab/sample"
)

// The bundled sample's headline finding: the current refund policy
// (#15, rank 2, score 0.91) is dropped as "budget already spent" while
// the archived copy (#34, with 30 days for 60) is sent as [2], because
// lost in the middle puts it last and the greedy budget stops short.
func TestSampleFindsTheStaleRefundPolicy(t *testing.T) {
	sc, err := scenario.LoadFS(sample.FS, "support_chat.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	if len(ev.Findings) == 0 || ev.Findings[0].Code != diagnose.CodeWeakerCopySent {
		t.Fatalf("the first finding is not the stale copy: %+v", ev.Findings)
	}
	f := ev.Findings[0]
	if len(f.Refs) != 2 || f.Refs[0] != diagnose.DocumentRef(14) || f.Refs[1] != diagnose.DocumentRef(33) {
		t.Errorf("refs %+v, want documents #15 and #34", f.Refs)
	}
	for _, want := range []string{"#15 kb/returns/refund-policy.md (rank 2, score 0.91) was dropped", "budget already spent",
		"#34 kb/archive/2025/refund-policy-v3.md (rank 3, score 0.89), is sent as [2]", "60 days → 30 days"} {
		if !strings.Contains(f.Message, want) {
			t.Errorf("message lacks %q:\n%s", want, f.Message)
		}
	}
	var lost *diagnose.Finding
	for i := range ev.Findings {
		if ev.Findings[i].Code == diagnose.CodeStrongDocLost {
			lost = &ev.Findings[i]
		}
	}
	if lost == nil || lost.Refs[0] != diagnose.DocumentRef(14) || !strings.Contains(lost.Message, "lost-in-the-middle reordering runs before the budget") ||
		!strings.Contains(lost.Message, "reference-mode budget") {
		t.Errorf("no strong-doc-lost finding led by #15 naming the reorder and the budget mode: %+v", lost)
	}
}

// TestFindingTokenizerEstimateFollowsTheModelRoute: the finding says what
// ResolveModel says of a model counted with another provider's encoding.
func TestFindingTokenizerEstimateFollowsTheModelRoute(t *testing.T) {
	sc, err := scenario.LoadFS(sample.FS, "support_chat.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := sc.Settings
	s.Model = "claude-sonnet-4-5"
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}, s)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ev.Findings {
		if f.Code == diagnose.CodeTokenizerEstimate {
			if !strings.Contains(f.Message, ev.CountEstimate) || ev.CountEstimate == "" {
				t.Errorf("finding %q does not pass on the route's note %q", f.Message, ev.CountEstimate)
			}
			return
		}
	}
	t.Errorf("no tokenizer-estimate finding for a Claude model counted with %s", s.Pipeline.Tokenizer.Name())
}
