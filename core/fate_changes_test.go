package core_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"ctxlab/core"
)

// A fix preview's heading says "change fate as sent" only of the
// documents whose fate as sent changed; those that move between stages,
// not sent either way, are counted apart: lowering the bundled sample's
// RAG budget to 900 tokens drops some documents and leaves others out by
// another stage.
func TestDocumentChangesHeadingCountsFatesAsSentApart(t *testing.T) {
	sc := sampleScenario(t, "support_chat.yaml")
	in := core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}
	before, err := core.Evaluate(context.Background(), in, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	s := sc.Settings
	s.Budget.RetrievedContext = 900
	after, err := core.Evaluate(context.Background(), in, s)
	if err != nil {
		t.Fatal(err)
	}
	docs := core.ChangedDocuments(before, after)
	asSent, stages := 0, 0
	for _, d := range docs {
		if d.Before != d.After {
			asSent++
		} else if d.Before == core.DocNotSent {
			stages++
		}
	}
	if asSent == 0 || stages == 0 {
		t.Fatalf("%d documents change as sent, %d between stages; the test wants both", asSent, stages)
	}
	heading := core.DocumentChangesHeading(docs)
	wantHead := fmt.Sprintf("%d documents change fate as sent: ", asSent)
	wantTail := fmt.Sprintf("; %d more move between stages, not sent either way", stages)
	if !strings.HasPrefix(heading, wantHead) || !strings.HasSuffix(heading, wantTail) {
		t.Errorf("heading %q\nwant %q…%q", heading, wantHead, wantTail)
	}
}
