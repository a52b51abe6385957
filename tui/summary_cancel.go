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

// summaryCallMsg says that the evaluation of generation gen, or the fix
// search for it, is waiting for the model.
type summaryCallMsg struct {
	gen   int
	fixes bool
}

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
	return watchModelCalls(m.cfg.Summarizer, done, summaryCallMsg{gen: gen})
}

// watchModelCalls wraps s, when it asks a model, and returns the command
// that reports its first call with started; the command ends without a
// message when done closes first.
func watchModelCalls(s summarize.Summarizer, done <-chan struct{}, started summaryCallMsg) (summarize.Summarizer, tea.Cmd) {
	if !callsModel(s) {
		return s, nil
	}
	w := watchedSummarizer{next: s, once: &sync.Once{}, started: make(chan struct{})}
	watch := func() tea.Msg {
		select {
		case <-w.started:
			return started
		case <-done:
			return nil
		}
	}
	return w, watch
}

// noteModelCall records a summaryCallMsg that is still current.
func (m *Model) noteModelCall(msg summaryCallMsg) {
	switch {
	case msg.fixes:
		m.fixes.NoteModelCall(msg.gen)
	case msg.gen == m.gen && m.busy:
		m.summaryCall = msg.gen
	}
}

// evalWaitsForModel reports whether the newest evaluation waits for the
// model; fixesWaitForModel, whether the fix search does.
func (m Model) evalWaitsForModel() bool {
	return m.summaryCall != 0 && m.summaryCall == m.gen && m.busy
}

func (m Model) fixesWaitForModel() bool { return m.fixes.WaitsForModel() }

// summaryCallInFlight reports whether esc would cancel a model call.
func (m Model) summaryCallInFlight() bool { return m.evalWaitsForModel() || m.fixesWaitForModel() }

// cancelModelCall is esc while a model call is in flight: the
// evaluation's first, else the fix search's.
func (m *Model) cancelModelCall() tea.Cmd {
	if m.evalWaitsForModel() {
		return m.cancelSummaryCall()
	}
	m.cancelFixSearch()
	return nil
}

// cancelFixSearch stops a fix search waiting for the model. Its fixes
// would be measured with the model's summaries, as the picture on screen
// was, so no stand-in replaces them: f searches again.
func (m *Model) cancelFixSearch() {
	m.fixes.CancelSearch()
	m.status.set("fix search cancelled while it waited for the LLM summary; f searches again")
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
