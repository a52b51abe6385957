package tui

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core/summarize"
)

// hangingSummarizer stands for an LLM endpoint that never answers: each
// call reports that it started, then waits for its context.
type hangingSummarizer struct {
	started chan struct{}
	ended   chan error
}

func (h *hangingSummarizer) Summarize(ctx context.Context, _ summarize.Request) (string, error) {
	h.started <- struct{}{}
	<-ctx.Done()
	h.ended <- ctx.Err()
	return "", ctx.Err()
}

// runCommands returns a function that runs a command as Bubble Tea
// would, each command of a batch on its own goroutine, and sends the
// messages to results.
func runCommands(results chan<- tea.Msg) func(tea.Cmd) {
	var run func(tea.Cmd)
	run = func(cmd tea.Cmd) {
		if cmd == nil {
			return
		}
		go func() {
			msg := cmd()
			if batch, ok := msg.(tea.BatchMsg); ok {
				for _, c := range batch {
					run(c)
				}
				return
			}
			results <- msg
		}()
	}
	return run
}

// waitFor fails the test when ch yields nothing in a long while: a guard
// against a hang, not a timing the test depends on.
func waitFor[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(30 * time.Second):
		t.Fatalf("%s never happened", what)
		var zero T
		return zero
	}
}

// TestWorkbenchStaysResponsiveDuringASummaryCall: while the rolling
// summary's model call hangs, keys are handled and the screen says it is
// computing; a newer setting cancels the call in flight, and Ctrl-C quits
// without waiting for it.
func TestWorkbenchStaysResponsiveDuringASummaryCall(t *testing.T) {
	sc := sampleScenario(t, "code_review") // the summary memory strategy
	llm := &hangingSummarizer{started: make(chan struct{}, 4), ended: make(chan error, 4)}
	m := New(Config{Scenario: sc, Summarizer: llm, Theme: "dark", Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m = next.(Model)

	// Run the first evaluation as Bubble Tea would, off the update loop.
	results := make(chan tea.Msg, 16)
	runAll := runCommands(results)
	runAll(m.Init())
	waitFor(t, llm.started, "the summary call")

	// In flight: keys move the focus and the screen renders at once.
	for _, k := range []string{"tab", "j", "k", "?", "esc"} {
		next, _ := m.Update(keyMsg(k))
		m = next.(Model)
	}
	if !m.busy || !strings.Contains(m.View(), "computing…") {
		t.Fatal("the header does not say an evaluation is in flight")
	}

	// A newer setting cancels the call in flight.
	m = keys(t, m, "c")
	next, cmd := m.Update(keyMsg("left"))
	m = next.(Model)
	if err := waitFor(t, llm.ended, "the cancellation"); !errors.Is(err, context.Canceled) {
		t.Fatalf("the call in flight ended with %v, want it cancelled", err)
	}
	runAll(cmd)
	waitFor(t, llm.started, "the newer setting's summary call")

	// Ctrl-C quits at once, the newer call still hanging.
	if _, quit := m.Update(keyMsg("ctrl+c")); quit == nil {
		t.Fatal("ctrl+c returned no command")
	} else if _, ok := quit().(tea.QuitMsg); !ok {
		t.Fatal("ctrl+c did not quit while a call was in flight")
	}
	m.cancelEval()
	waitFor(t, llm.ended, "the second call's end")
}
