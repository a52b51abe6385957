package tui

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
)

// The workbench never waits for a tokenizer. When the settings' tokenizer
// has no counts yet (its BPE vocabulary is still loading, or a large
// document set is still being counted), the evaluation runs with the
// reference's heuristic standing in, the picture says its counts are
// pending, and a background job loads the vocabulary and counts the
// documents on every core, with progress in the header; esc stops it.
// When it finishes, the settings are evaluated again with exact counts.

// countInlineBytes: a document set this small is counted in a few
// milliseconds once the vocabulary is loaded, less than an estimate
// shown first would save.
const countInlineBytes = 256 << 10

// countProgressEvery is how often the header's progress is refreshed.
const countProgressEvery = 100 * time.Millisecond

// countJob is the background job counting the documents under one
// tokenizer. The job writes progress; Update reads it on each tick.
type countJob struct {
	tokenizer string
	ctx       context.Context
	cancel    context.CancelFunc
	progress  atomic.Pointer[pipeline.TokenProgress] // nil while the vocabulary loads
}

// countDoneMsg ends a job: err is set if it was stopped.
type countDoneMsg struct {
	job *countJob
	err error
}

// countTickMsg asks Update to copy a job's progress into the model.
type countTickMsg struct{ job *countJob }

// countsReady reports whether evaluating with tok would start at once.
func (m *Model) countsReady(tok tokens.Tokenizer) bool {
	if p, ok := tok.(tokens.Preloader); ok && !p.Loaded() {
		return false
	}
	return m.docBytes < countInlineBytes || m.analysis.Counted(tok)
}

// standIn returns the settings to evaluate now: s itself when its counts
// are ready, otherwise s with the heuristic standing in, and the name of
// the tokenizer pending.
func (m *Model) standIn(s core.Settings) (core.Settings, string) {
	tok := s.Pipeline.Tokenizer
	if tok == nil || m.countsReady(tok) {
		return s, ""
	}
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	return s, tok.Name()
}

// startCounting starts the job for tok unless it is already running; a
// job for another tokenizer is stopped, its counts no longer wanted.
func (m *Model) startCounting(tok tokens.Tokenizer) tea.Cmd {
	if m.counting != nil {
		if m.counting.tokenizer == tok.Name() {
			return nil
		}
		m.counting.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	job := &countJob{tokenizer: tok.Name(), ctx: ctx, cancel: cancel}
	m.counting, m.countShown = job, nil
	analysis, total := m.analysis, m.docBytes
	run := func() tea.Msg {
		defer cancel()
		if p, ok := tok.(tokens.Preloader); ok {
			p.Preload()
		}
		job.progress.Store(&pipeline.TokenProgress{TotalDocs: len(analysis.Docs), TotalBytes: total})
		_, err := analysis.CountTokens(ctx, tok, func(p pipeline.TokenProgress) { job.progress.Store(&p) })
		return countDoneMsg{job: job, err: err}
	}
	return tea.Batch(run, m.countTick(job))
}

func (m *Model) countTick(job *countJob) tea.Cmd {
	return tickAfter(countProgressEvery, func(time.Time) tea.Msg { return countTickMsg{job} })
}

// updateCounting handles the job's messages.
func (m *Model) updateCounting(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case countTickMsg:
		if msg.job != m.counting {
			return nil // finished or replaced
		}
		m.countShown = msg.job.progress.Load()
		return m.countTick(msg.job)
	case countDoneMsg:
		if msg.job != m.counting {
			return nil
		}
		m.counting, m.countShown = nil, nil
		if msg.err != nil {
			m.status.set(fmt.Sprintf("Stopped counting %s tokens: counts stay the heuristic's estimate until a setting changes", msg.job.tokenizer))
			return nil
		}
		return m.requestEvaluation()
	}
	return nil
}

// stopCounting is esc while a job runs.
func (m *Model) stopCounting() {
	if m.counting != nil {
		m.counting.cancel()
	}
}

// countingWords is the header's account of the job, such as
// "counting o200k_base tokens 45% (esc stops)".
func (m Model) countingWords() string {
	if m.counting == nil {
		return ""
	}
	if m.countShown == nil {
		return "loading " + m.counting.tokenizer + "… (esc stops)"
	}
	p := *m.countShown
	return fmt.Sprintf("counting %s tokens %d%% of %s (esc stops)", m.counting.tokenizer, int(p.Fraction()*100),
		numfmt.Count(p.TotalDocs, "document", "documents"))
}

// forgetStandInCounts drops the heuristic's counts once the exact ones
// are shown: the evaluation that used them is replaced, and keeping them
// for the next tokenizer's wait held 4 MB a million documents while the
// workbench sat idle. Counting them again takes a moment; they are
// kept when the heuristic is the tokenizer chosen.
func (m *Model) forgetStandInCounts() {
	if tok := m.settings.Pipeline.Tokenizer; tok == nil || tok.Name() == (tokens.Heuristic{}).Name() {
		return
	}
	m.analysis.ForgetTokens(tokens.Heuristic{})
}
