package tui

import (
	"context"
	"sync"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core/summarize"
)

// A rolling summary with an LLM summarizer calls the model while the
// settings are evaluated, and a slow endpoint holds the new picture back
// for as long as its timeout. The workbench stays responsive meanwhile;
// esc cancels the call in flight, and the settings are evaluated again at
// once with the offline extractive summary standing in for the model's,
// until a setting changes. An evaluation reports its first model call
// with a message, so the header and the footer offer esc only while a
// call is really in flight.

// summaryCallMsg says that the evaluation of generation gen is waiting
// for the model.
type summaryCallMsg struct{ gen int }

// callsModel reports whether s asks a model: any summarizer but the
// offline extractive one (which is what runs when no LLM is configured).
func callsModel(s summarize.Summarizer) bool {
	if s == nil {
		return false
	}
	_, offline := s.(summarize.ExtractiveSummarizer)
	return !offline
}

// watchedSummarizer passes calls on to next and closes started at the
// first one.
type watchedSummarizer struct {
	next    summarize.Summarizer
	once    *sync.Once
	started chan struct{}
}

func (w watchedSummarizer) Summarize(ctx context.Context, req summarize.Request) (string, error) {
	w.once.Do(func() { close(w.started) })
	return w.next.Summarize(ctx, req)
}

// summarizerFor is the summarizer one evaluation uses, and the command
// that reports its first model call for generation gen (nil when it
// calls no model). done is closed when the evaluation returns, so the
// command never outlives it.
func (m *Model) summarizerFor(gen int, done <-chan struct{}) (summarize.Summarizer, tea.Cmd) {
	if m.summaryStandIn {
		return summarize.ExtractiveSummarizer{}, nil
	}
	if !callsModel(m.cfg.Summarizer) {
		return m.cfg.Summarizer, nil
	}
	w := watchedSummarizer{next: m.cfg.Summarizer, once: &sync.Once{}, started: make(chan struct{})}
	watch := func() tea.Msg {
		select {
		case <-w.started:
			return summaryCallMsg{gen: gen}
		case <-done:
			return nil
		}
	}
	return w, watch
}

// summaryCallInFlight reports whether the newest evaluation waits for
// the model: what esc would cancel.
func (m Model) summaryCallInFlight() bool {
	return m.summaryCall != 0 && m.summaryCall == m.gen && m.busy
}

// cancelSummaryCall is esc while a model call is in flight: the call is
// cancelled with the evaluation that made it, and the same settings are
// evaluated again with the extractive summary standing in.
func (m *Model) cancelSummaryCall() tea.Cmd {
	m.summaryStandIn = true
	m.status.set("LLM summary call cancelled: the extractive summary stands in for it until a setting changes")
	return m.requestEvaluation()
}

// standInNote is the Memory view's line for an evaluation whose summary
// is the extractive stand-in because its model call was cancelled.
const standInNote = "the LLM summary call was cancelled (esc); the extractive summary stands in for it until a setting changes"
