package tokenview

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

// inlineBytes: a document set this small is counted in a few
// milliseconds once the vocabulary is loaded, less than an estimate
// shown first would save.
const inlineBytes = 256 << 10

// progressEvery is how often the header's progress is refreshed.
const progressEvery = 100 * time.Millisecond

// Tick schedules a message after a while, as tea.Tick does; the
// workbench passes its own, which its tests replace.
type Tick func(time.Duration, func(time.Time) tea.Msg) tea.Cmd

// job is the background job counting the documents under one tokenizer.
// The job writes progress; Update reads it on each tick.
type job struct {
	tokenizer string
	cancel    context.CancelFunc
	progress  atomic.Pointer[pipeline.TokenProgress] // nil while the vocabulary loads
}

// DoneMsg ends a job counting under Tokenizer: Err is set if it was
// stopped.
type DoneMsg struct {
	job       *job
	Tokenizer string
	Err       error
}

// TickMsg asks Update to copy a job's progress into the counter.
type TickMsg struct{ job *job }

// Counter is the job running, if any, and the progress the header shows.
type Counter struct {
	job   *job
	shown *pipeline.TokenProgress
}

// Ready reports whether evaluating with tok would start at once: its
// vocabulary is loaded, and the documents (docBytes in all) are counted
// or few enough to count inline.
func Ready(tok tokens.Tokenizer, analysis *pipeline.Analysis, docBytes int) bool {
	if p, ok := tok.(tokens.Preloader); ok && !p.Loaded() {
		return false
	}
	return docBytes < inlineBytes || analysis.Counted(tok)
}

// StandIn returns the settings to evaluate now: s itself when its counts
// are ready, otherwise s with the heuristic standing in, and the name of
// the tokenizer pending.
func StandIn(s core.Settings, analysis *pipeline.Analysis, docBytes int) (core.Settings, string) {
	tok := s.Pipeline.Tokenizer
	if tok == nil || Ready(tok, analysis, docBytes) {
		return s, ""
	}
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	return s, tok.Name()
}

// ForgetStandIn drops the heuristic's counts from the analysis once the
// exact ones under s are shown: the evaluation that used them is
// replaced, and keeping them for the next tokenizer's wait held 4 MB a
// million documents while the workbench sat idle. Counting them again
// takes a moment; they are kept when the heuristic is the tokenizer
// chosen.
func ForgetStandIn(analysis *pipeline.Analysis, s core.Settings) {
	if tok := s.Pipeline.Tokenizer; tok == nil || tok.Name() == (tokens.Heuristic{}).Name() {
		return
	}
	analysis.ForgetTokens(tokens.Heuristic{})
}

// Start starts the job counting analysis's documents (docBytes in all)
// under tok, unless it is already running; a job for another tokenizer
// is stopped, its counts no longer wanted. The vocabulary is loaded and
// the documents counted in the command returned, which ends with a
// DoneMsg; tick schedules the progress's TickMsg.
func (c *Counter) Start(tok tokens.Tokenizer, analysis *pipeline.Analysis, docBytes int, tick Tick) tea.Cmd {
	if c.job != nil {
		if c.job.tokenizer == tok.Name() {
			return nil
		}
		c.job.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{tokenizer: tok.Name(), cancel: cancel}
	c.job, c.shown = j, nil
	run := func() tea.Msg {
		defer cancel()
		if p, ok := tok.(tokens.Preloader); ok {
			p.Preload()
		}
		j.progress.Store(&pipeline.TokenProgress{TotalDocs: len(analysis.Docs), TotalBytes: docBytes})
		_, err := analysis.CountTokens(ctx, tok, func(p pipeline.TokenProgress) { j.progress.Store(&p) })
		return DoneMsg{job: j, Tokenizer: j.tokenizer, Err: err}
	}
	return tea.Batch(run, c.tickCmd(j, tick))
}

func (c *Counter) tickCmd(j *job, tick Tick) tea.Cmd {
	return tick(progressEvery, func(time.Time) tea.Msg { return TickMsg{j} })
}

// Outcome is what a job's message asks of the workbench.
type Outcome int

const (
	// Nothing: progress was taken, or the message was an old job's.
	Nothing Outcome = iota
	// Counted: the exact counts are made; evaluate again.
	Counted
	// Stopped: the job was stopped; the counts stay the estimate.
	Stopped
)

// Update takes a job's TickMsg or DoneMsg; tick schedules the next
// TickMsg while the job runs.
func (c *Counter) Update(msg tea.Msg, tick Tick) (Outcome, tea.Cmd) {
	switch msg := msg.(type) {
	case TickMsg:
		if msg.job != c.job {
			return Nothing, nil // finished or replaced
		}
		c.shown = msg.job.progress.Load()
		return Nothing, c.tickCmd(msg.job, tick)
	case DoneMsg:
		if msg.job != c.job {
			return Nothing, nil
		}
		c.job, c.shown = nil, nil
		if msg.Err != nil {
			return Stopped, nil
		}
		return Counted, nil
	}
	return Nothing, nil
}

// Running reports whether a job is counting.
func (c Counter) Running() bool { return c.job != nil }

// Stop stops the running job (esc); its DoneMsg says Stopped.
func (c Counter) Stop() {
	if c.job != nil {
		c.job.cancel()
	}
}

// StoppedWords is the status line's account of a job stopped under
// tokenizer.
func StoppedWords(tokenizer string) string {
	return fmt.Sprintf("Stopped counting %s tokens: counts stay the heuristic's estimate until a setting changes", tokenizer)
}

// Words is the header's account of the job, such as
// "counting o200k_base tokens 45% (esc stops)", "" when none runs.
func (c Counter) Words() string {
	if c.job == nil {
		return ""
	}
	if c.shown == nil {
		return "loading " + c.job.tokenizer + "… (esc stops)"
	}
	p := *c.shown
	return fmt.Sprintf("counting %s tokens %d%% of %s (esc stops)", c.job.tokenizer, int(p.Fraction()*100),
		numfmt.Count(p.TotalDocs, "document", "documents"))
}
