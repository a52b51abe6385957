package views

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/loaders/request"
	"ctxlab/themes"

	"github.com/charmbracelet/x/ansi"
)

// A budgeted assembly of an imported request that drops messages says
// how many of the request's messages it sends, so its count does not
// contradict the request's own line (its message count as imported).
func TestContextTitleCountsAgainstTheRequestSent(t *testing.T) {
	sc, err := request.Load("../../loaders/trajectory/testdata/taubench/airline-task2-62-messages.json", nil, request.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := sc.Settings
	s.Mode, s.Layout = window.Budgeted, window.LayoutChat
	s.Budget.ToolResults = 2_000
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}, s)
	if err != nil {
		t.Fatal(err)
	}
	sent := len(ev.Assembly.Messages)
	if sent >= 62 {
		t.Fatalf("%d messages sent: the allocation drops none", sent)
	}
	out := ansi.Strip(Context(themes.New(themes.Dark), ev, sc, 200))
	title := strings.SplitN(out, "\n", 2)[0]
	if want := fmt.Sprintf("%d of the request's 62 messages", sent); !strings.Contains(title, want) {
		t.Errorf("title %q, want %q", title, want)
	}
}

// A turn opened under a trim policy is measured as the policy sends it:
// the title says what the policy removed, not that nothing was cut.
func TestContextTitleSaysWhatTheTrimRemoved(t *testing.T) {
	sc, err := request.Load("../../loaders/trajectory/testdata/taubench/airline-task2-62-messages.json", nil, request.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sc.Trim = &core.Trim{Policy: "last 20", Removed: 9, TaskDropped: true}
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	title := strings.SplitN(ansi.Strip(Context(themes.New(themes.Dark), ev, sc, 200)), "\n", 2)[0]
	if strings.Contains(title, "nothing cut") || !strings.Contains(title, "measured as the policy sends it: the last 20 policy removed 9 messages, the task among them") {
		t.Errorf("title %q", title)
	}
}
