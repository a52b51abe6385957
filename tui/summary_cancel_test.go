package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core/summarize"
	"ctxlab/llm"
	"ctxlab/tui/fixes"
)

// slowEndpoint is an OpenAI-compatible server that never answers: each
// request reports its arrival, then waits until the client gives up on
// it and reports that.
type slowEndpoint struct {
	arrived, gone chan struct{}
	url           string
}

func newSlowEndpoint(t *testing.T) *slowEndpoint {
	t.Helper()
	e := &slowEndpoint{arrived: make(chan struct{}, 8), gone: make(chan struct{}, 8)}
	testDone := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		// Read to the body's end: only then does the server watch the
		// connection and see the client give up.
		_, _ = io.Copy(io.Discard, r.Body)
		e.arrived <- struct{}{}
		select {
		case <-r.Context().Done():
			e.gone <- struct{}{}
		case <-testDone: // a failed test does not leave the server waiting
		}
	}))
	t.Cleanup(func() { close(testDone); srv.Close() })
	e.url = srv.URL + "/v1"
	return e
}

// summarizer is what ctxlab builds for the workbench: the model, falling
// back to the extractive summary on a failure.
func (e *slowEndpoint) summarizer(t *testing.T) summarize.Summarizer {
	t.Helper()
	model, err := llm.New(llm.Config{BaseURL: e.url, Model: "gpt-4o-mini", Timeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	return llm.WithFallback(model, summarize.ExtractiveSummarizer{}, nil)
}

// nextMsg returns the first message of type T from results, handing the
// others to Update on the way, and the model after them.
func nextMsg[T tea.Msg](t *testing.T, m Model, results chan tea.Msg, run func(tea.Cmd)) (Model, T) {
	t.Helper()
	for {
		msg := waitFor(t, results, fmt.Sprintf("a %T", *new(T)))
		next, cmd := m.Update(msg)
		m = next.(Model)
		run(cmd)
		if want, ok := msg.(T); ok {
			return m, want
		}
	}
}

// TestEscCancelsTheLLMSummaryCall: while the rolling summary waits for a
// model that never answers, the header and the footer offer esc; esc
// cancels the request, the same settings are evaluated with the
// extractive summary standing in (the footer and the Memory view say
// so, and the model is not asked again), and a new setting asks the
// model again.
func TestEscCancelsTheLLMSummaryCall(t *testing.T) {
	endpoint := newSlowEndpoint(t)
	sc := sampleScenario(t, "code_review") // the summary memory strategy
	m := New(Config{Scenario: sc, Summarizer: endpoint.summarizer(t), Theme: "dark", Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m = next.(Model)
	results := make(chan tea.Msg, 32)
	run := runCommands(results)

	// Before the call starts nothing offers esc.
	if strings.Contains(m.View(), "esc cancels") {
		t.Fatal("esc is offered before any model call")
	}
	run(m.Init())
	waitFor(t, endpoint.arrived, "the summary request")
	m, _ = nextMsg[summaryCallMsg](t, m, results, run)
	screen := m.View()
	if !strings.Contains(screen, "waiting for the LLM summary (esc cancels)") || !strings.Contains(screen, "esc cancel the LLM summary call in flight") {
		t.Fatalf("the header and the footer do not offer esc while the call is in flight:\n%s", screen)
	}

	next, cmd := m.Update(keyMsg("esc"))
	m = next.(Model)
	waitFor(t, endpoint.gone, "the cancelled request's end")
	if !strings.Contains(m.status.text, "LLM summary call cancelled: the extractive summary stands in") {
		t.Errorf("the footer says %q", m.status.text)
	}
	run(cmd)
	m, ev := nextMsg[evaluatedMsg](t, m, results, run)
	for ev.gen != m.gen {
		m, ev = nextMsg[evaluatedMsg](t, m, results, run) // the cancelled evaluation's, dropped
	}
	if ev.err != nil || m.eval == nil || m.busy || !m.shownStandIn {
		t.Fatalf("after esc: err %v, busy %v, stand-in %v", ev.err, m.busy, m.shownStandIn)
	}
	if summary := m.eval.Memory.Summary; summary == "" {
		t.Error("no summary stands in")
	}
	select {
	case <-endpoint.arrived:
		t.Error("the model was asked again after esc")
	default:
	}
	if screen := m.View(); strings.Contains(screen, "esc cancels") {
		t.Errorf("esc is still offered with no call in flight:\n%s", screen)
	}
	m = keys(t, m, "4")
	if !strings.Contains(m.View(), "the LLM summary call was cancelled (esc); the extractive summary stands in") {
		t.Errorf("the Memory view does not say the extractive summary stands in:\n%s", m.View())
	}

	// A new setting asks the model again.
	m = keys(t, m, "c")
	next, cmd = m.Update(keyMsg("left"))
	m = next.(Model)
	if m.summaryStandIn {
		t.Error("the stand-in outlived a change of setting")
	}
	run(cmd)
	waitFor(t, endpoint.arrived, "the new setting's summary request")
	m.cancelEval()
	waitFor(t, endpoint.gone, "the last request's end")
}

// switchableSummarizer answers at once until hang is set, then waits
// for the caller to give up, reporting such calls' starts and ends.
type switchableSummarizer struct {
	hang           atomic.Bool
	started, ended chan error
}

func (s *switchableSummarizer) Summarize(ctx context.Context, req summarize.Request) (string, error) {
	if !s.hang.Load() {
		return summarize.ExtractiveSummarizer{}.Summarize(ctx, req)
	}
	// The search may ask again after the cancellation: only the first
	// start and end are waited for, the others are not kept.
	select {
	case s.started <- nil:
	default:
	}
	<-ctx.Done()
	select {
	case s.ended <- ctx.Err():
	default:
	}
	return "", ctx.Err()
}

// TestEscCancelsAFixSearchWaitingForTheModel: the fix search measures
// each fix with the model's summaries; while it waits for the model, esc
// stops it and the footer says f searches again.
func TestEscCancelsAFixSearchWaitingForTheModel(t *testing.T) {
	model := &switchableSummarizer{started: make(chan error, 8), ended: make(chan error, 8)}
	sc := sampleScenario(t, "code_review") // the summary memory strategy
	// A retrieved context cut short, so there are fixes to measure.
	sc.Settings.Budget.RetrievedContext = 1000
	m := New(Config{Scenario: sc, Summarizer: model, Theme: "dark", Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = settle(t, m, m.Init())
	if m.eval == nil || m.busy || m.pending != "" {
		t.Fatal("the first evaluation did not settle")
	}

	model.hang.Store(true)
	results := make(chan tea.Msg, 32)
	run := runCommands(results)
	next, cmd := m.Update(keyMsg("f"))
	m = next.(Model)
	run(cmd)
	waitFor(t, model.started, "a fix's summary call")
	m, _ = nextMsg[summaryCallMsg](t, m, results, run)
	if screen := m.View(); !strings.Contains(screen, "waiting for the LLM summary (esc cancels)") {
		t.Fatalf("the header does not offer esc while the fix search waits:\n%s", screen)
	}

	next, _ = m.Update(keyMsg("esc"))
	m = next.(Model)
	if err := waitFor(t, model.ended, "the cancellation"); !errors.Is(err, context.Canceled) {
		t.Fatalf("the call ended with %v, want it cancelled", err)
	}
	m, _ = nextMsg[fixes.SuggestionsMsg](t, m, results, run)
	if m.fixes.Computing() != 0 || m.fixes.Open() || m.summaryCallInFlight() {
		t.Errorf("after esc: computing %d, open %v", m.fixes.Computing(), m.fixes.Open())
	}
	if want := "fix search cancelled while it waited for the LLM summary; f searches again"; m.status.text != want {
		t.Errorf("the footer says %q, want %q", m.status.text, want)
	}
}
