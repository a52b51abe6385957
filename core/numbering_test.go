package core_test

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"ctxlab/core"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// A scenario's messages are numbered over the request ctxlab assembles
// from it: the system prompt 1, the retrieved context 2, the history,
// the query, then the tool results; a memory strategy that drops history messages renumbers
// nothing, in the Space ranking or the Memory view's numbers.
func TestScenarioNumberingIsTheRequestsWholeHistory(t *testing.T) {
	sc := sampleScenario(t, "support_chat.yaml")
	n := sc.Numbering(sc.Settings.Query, true)
	last := len(sc.History) + 2
	if n.System != 1 || n.Context != 2 || n.History[0] != 3 || n.History[len(sc.History)-1] != last || n.Query != last+1 {
		t.Fatalf("numbering: system %d, context %d, history %d..%d, query %d; want 1, 2, 3..%d, %d", n.System, n.Context, n.History[0], n.History[len(n.History)-1], n.Query, last, last+1)
	}
	for _, mode := range []window.Mode{window.MeasureOnly, window.Budgeted} {
		s := sc.Settings
		s.Mode = mode
		ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}, s)
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		for _, it := range ev.Space() {
			if it.Kind != window.ItemToolResult {
				continue
			}
			num := n.ToolResult[it.Ref]
			want := "tool result " + strconv.Itoa(num) + ": " + sc.ToolResults[it.Ref].Name + " (message " + strconv.Itoa(n.Results[it.Ref]) + ")"
			if it.Label != want {
				t.Errorf("%s: %q, want %q", mode, it.Label, want)
			}
			if n.Results[it.Ref] <= n.Query {
				t.Errorf("%s: %q comes before the query, message %d", mode, it.Label, n.Query)
			}
			found++
		}
		if found != len(sc.ToolResults) {
			t.Errorf("%s: %d tool results ranked, want %d", mode, found, len(sc.ToolResults))
		}
	}
}

// NumberMessages: an Anthropic request's blocks of one message share its
// number; tool results are counted among themselves, the history's
// included.
func TestNumberMessagesCountsToolResultsAmongThemselves(t *testing.T) {
	history := []value.Message{{Role: "user", Content: "q0"}, {Role: "assistant", Content: "call"}, {Role: "tool", Content: "r"}}
	results := []window.ToolResult{{Role: "assistant", Content: "calls"}, {Content: "a"}, {Content: "b"}, {Role: "assistant", Content: "again"}, {Content: "c"}}
	n := window.NumberMessages(true, false, true, nil, history, results)
	if want := []int{2, 3, 4}; !slices.Equal(n.History, want) {
		t.Errorf("history %v, want %v", n.History, want)
	}
	if n.HistoryToolResults[2] != [2]int{1, 1} || n.Query != 5 {
		t.Errorf("history's tool result %v, query %d", n.HistoryToolResults[2], n.Query)
	}
	if want := []int{6, 7, 8, 9, 10}; !slices.Equal(n.Results, want) {
		t.Errorf("results at messages %v, want %v", n.Results, want)
	}
	if want := []int{0, 2, 3, 0, 4}; !slices.Equal(n.ToolResult, want) || n.ToolResults != 4 || n.Messages != 10 {
		t.Errorf("tool results numbered %v of %d, %d messages; want %v of 4, 10", n.ToolResult, n.ToolResults, n.Messages, want)
	}
}
