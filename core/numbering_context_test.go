package core_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"ctxlab/core"
	"ctxlab/core/window"
)

// The retrieved context is sent as its own system message after the
// system prompt, so it is a message of the numbering: measured as sent,
// message N is the Nth message of the assembled request for every
// sample, the Space ranking names each item by it, and --drop-item
// message:N edits the message the request sends at N.
func TestNumberingCountsTheRetrievedContextsMessage(t *testing.T) {
	for _, name := range []string{"overflow.yaml", "support_chat.yaml", "agent_workflow.yaml", "code_review.yaml", "document_qa.yaml"} {
		t.Run(name, func(t *testing.T) {
			sc := sampleScenario(t, name)
			s := sc.Settings
			s.Mode = window.MeasureOnly
			ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}, s)
			if err != nil {
				t.Fatal(err)
			}
			n, sent := ev.Numbers, ev.Assembly.Messages
			if n.Messages != len(sent) {
				t.Fatalf("the numbering has %d messages, the request sends %d", n.Messages, len(sent))
			}
			if n.Context == 0 || !strings.HasPrefix(sent[n.Context-1].Content, window.ArticleRAGHeading) {
				t.Fatalf("the retrieved context is message %d of the numbering; want the message that sends it", n.Context)
			}
			for i, m := range sc.History {
				if got := sent[n.History[i]-1]; got.Content != m.Content {
					t.Errorf("history message %d is numbered %d, which sends %.40q", i, n.History[i], got.Content)
				}
			}
			for i, r := range sc.ToolResults {
				if got := sent[n.Results[i]-1]; got.Content != r.Content {
					t.Errorf("tool-results item %d is numbered %d, which sends %.40q", i, n.Results[i], got.Content)
				}
			}
			for _, it := range ev.Space() {
				if it.Kind == window.ItemMessage {
					want := "message " + strconv.Itoa(n.History[it.Ref]) + " ("
					if !strings.HasPrefix(it.Label, want) {
						t.Errorf("the Space ranking names history message %d %q, want %q…", it.Ref, it.Label, want)
					}
				}
			}

			// The last message the request sends after the query (or
			// the last of the history) can be dropped by its number; one
			// past the request's last is not the request's.
			last := n.History[len(n.History)-1]
			if len(n.Results) > 0 {
				last = n.Results[len(n.Results)-1]
			}
			drop := s
			drop.DropItems = []string{"message:" + strconv.Itoa(last)}
			dropped, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}, drop)
			if err != nil {
				t.Fatalf("--drop-item message:%d of a %d-message request: %v", last, len(sent), err)
			}
			if got := dropped.Assembly.Messages[last-1].Content; !strings.HasPrefix(got, "[removed by ctxlab: ") {
				t.Errorf("--drop-item message:%d left message %d as %.40q", last, last, got)
			}
			drop.DropItems = []string{"message:" + strconv.Itoa(len(sent)+1)}
			if _, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}, drop); err == nil || !strings.Contains(err.Error(), "the request has "+strconv.Itoa(len(sent))+" messages") {
				t.Errorf("--drop-item message:%d: %v, want the request's %d messages named", len(sent)+1, err, len(sent))
			}
			drop.DropItems = []string{"message:" + strconv.Itoa(n.Context)}
			if _, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}, drop); err == nil || !strings.Contains(err.Error(), "is the retrieved context") {
				t.Errorf("--drop-item message:%d: %v, want it refused as the retrieved context", n.Context, err)
			}
		})
	}
}

// A chat layout whose allocation keeps none of the retrieved context
// sends no message for it, and the numbering has none: the history
// follows the system prompt.
func TestNumberingWithoutTheContextsMessage(t *testing.T) {
	sc := sampleScenario(t, "support_chat.yaml")
	s := sc.Settings
	s.Mode, s.Layout = window.Budgeted, window.LayoutChat
	s.Budget.RetrievedContext = 0
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}, s)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ev.Assembly.Messages {
		if strings.HasPrefix(m.Content, window.ArticleRAGHeading) {
			t.Fatalf("a zero allocation sent the retrieved context: %.60q", m.Content)
		}
	}
	if n := ev.Numbers; n.Context != 0 || n.History[0] != 2 {
		t.Errorf("context numbered %d, first history message %d; want none, 2", n.Context, n.History[0])
	}
}
