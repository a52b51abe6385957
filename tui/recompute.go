package tui

import (
	"context"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
	"ctxlab/tui/rows"
)

// evaluatedMsg carries an evaluation back to Update with the generation
// it was requested at; a result for an older generation is dropped.
type evaluatedMsg struct {
	gen  int
	eval *core.Evaluation
	// space is the evaluation's items ranked for view 6, and sent the
	// strip's fates after the assembler, counted in the command so
	// neither Update nor View walks every document.
	space []core.SpaceItem
	sent  rows.Fates
	// comparison is the evaluation against the baseline pinned when it
	// was requested (nil without one), computed in the command too.
	comparison *core.Comparison
	baseline   *core.Evaluation
	err        error
	// pending names the tokenizer the heuristic stood in for.
	pending string
	// standIn: the extractive summary stood in for the LLM's.
	standIn bool
}

// tokenCountsMsg carries a document's counts under every tokenizer.
type tokenCountsMsg struct {
	doc    int
	counts map[string]int
}

// tokenizersReadyMsg reports that the BPE vocabularies are loaded.
type tokenizersReadyMsg struct{}

// tickAfter schedules a message; tests replace it so they need not wait
// for timers.
var tickAfter = tea.Tick

// requestEvaluation bumps the generation and evaluates the current
// settings in a command. Settings and scenario are values or read-only,
// so the command shares nothing mutable with the model.
func (m *Model) requestEvaluation() tea.Cmd {
	m.gen++
	m.busy = true
	m.summaryCall = 0 // the call in flight, if any, is cancelled below
	if m.cancelEval != nil {
		m.cancelEval()
	}
	return tea.Batch(m.evaluationCmd(), m.evalView.RunCmd(m.settings))
}

// evaluationTimeout bounds one evaluation. With an LLM summarizer the
// folds of a long history are sequential model calls, each with its own
// timeout, so the whole may take minutes; the extractive path takes
// milliseconds.
func (m Model) evaluationTimeout() time.Duration {
	if m.cfg.Summarizer != nil {
		return 10 * time.Minute
	}
	return time.Minute
}

// evaluationCmd evaluates the current settings for the current
// generation. Init uses it directly: New already counted the first
// generation, and Init cannot change the model.
func (m *Model) evaluationCmd() tea.Cmd {
	ctx, cancel := context.WithTimeout(context.Background(), m.evaluationTimeout())
	m.cancelEval = cancel
	settings, pending := m.standIn(m.settings)
	gen, baseline := m.gen, m.baseline
	requestID := m.cfg.RequestID
	if requestID == "" {
		// Unique across sessions, as assemble's are: the session's start
		// and the evaluation's number.
		requestID = fmt.Sprintf("ctxlab-%s-%d", m.started.UTC().Format("20060102T150405"), gen)
	}
	done := make(chan struct{})
	summarizer, watch := m.summarizerFor(gen, done)
	standIn := m.summaryStandIn
	in := core.EvalInput{
		Scenario:   m.cfg.Scenario,
		Analysis:   m.analysis,
		Texts:      m.texts,
		Summarizer: summarizer,
		Now:        m.cfg.Now(),
		RequestID:  requestID,
	}
	evaluate := func() tea.Msg {
		defer close(done)
		defer cancel()
		ev, err := core.Evaluate(ctx, in, settings)
		if err != nil {
			return evaluatedMsg{gen: gen, err: err, pending: pending, standIn: standIn}
		}
		msg := evaluatedMsg{gen: gen, eval: ev, space: ev.Space(), sent: rows.SentCounts(ev), baseline: baseline, pending: pending, standIn: standIn}
		if baseline != nil {
			c := core.Compare(baseline, ev)
			msg.comparison = &c
		}
		return msg
	}
	return tea.Batch(evaluate, watch)
}

// applyEvaluation installs a fresh evaluation and marks the documents
// whose fate it changed. The marks stay until the next evaluation
// replaces them, so a user can read them and step through them with n.
func (m *Model) applyEvaluation(msg evaluatedMsg) tea.Cmd {
	if msg.gen != m.gen {
		return nil // stale: a newer setting is already being evaluated
	}
	m.busy = false
	m.summaryCall = 0
	if msg.err != nil {
		m.evalErr = msg.err
		return nil
	}
	m.evalErr = nil
	m.shownStandIn = msg.standIn
	prev := m.eval
	// Exact counts replacing the heuristic's estimate are no change of
	// fate a user made, so they mark nothing.
	refined := m.pending != "" && msg.pending == ""
	m.pending = msg.pending
	m.eval = msg.eval
	m.sent = msg.sent
	m.shown = msg.gen
	var moves core.FateChanges
	m.changed, moves = changedDocs(prev, m.eval)
	m.showAssemblyInEffect()
	modeWords := assemblyModeWords(prev, m.eval)
	if refined {
		m.changed = nil
		m.forgetStandInCounts()
	}
	if msg.baseline == m.baseline {
		m.setComparison(msg.comparison)
	} else if m.baseline != nil {
		// The baseline was pinned or cleared while this was computing.
		c := core.Compare(m.baseline, m.eval)
		m.setComparison(&c)
	}
	// After the comparison: the rows may list the changed ones first.
	m.refreshRows()
	m.space.Refresh(msg.space)
	var preload tea.Cmd
	if prev == nil || refined {
		m.list.SelectFirstPresent()
	}
	if !m.preloaded && m.pending == "" {
		m.preloaded = true
		preload = preloadTokenizers()
	}
	if tok := m.settings.Pipeline.Tokenizer; m.pending != "" && tok != nil && tok.Name() == m.pending {
		// Counting starts once the estimate is on screen, so loading the
		// vocabulary does not hold the first picture back.
		preload = tea.Batch(preload, m.startCounting(tok))
	}
	if undone, ok := m.fixes.Landed(msg.gen, len(m.changed)); ok {
		// An undo: say what it restored, replacing the count the fix left.
		m.status.setChangedCount(undone)
		return preload
	}
	if len(m.changed) == 0 {
		if modeWords != "" {
			m.status.setChangedCount(modeWords)
			return preload
		}
		m.status.dropChangedCount()
		return preload
	}
	count := changedStatus(moves, len(m.changed))
	if modeWords != "" {
		// The count in short, then why the components' counts moved.
		if moves.AsSent > 0 {
			count = numfmt.Plural(moves.AsSent, "1 document changed fate as sent (◆)", numfmt.Thousands(moves.AsSent)+" documents changed fate as sent (◆)")
		}
		count += "; " + modeWords
	}
	m.status.setChangedCount(count)
	return preload
}

// changedStatus says how many documents changed fate as sent (whole, in
// part or not sent) and, apart, how many only moved between stages;
// marked are the documents ◆ marks in the list, all of them.
func changedStatus(moves core.FateChanges, marked int) string {
	var says string
	if moves.AsSent > 0 {
		says = numfmt.Plural(moves.AsSent, "1 document changed fate as sent", numfmt.Thousands(moves.AsSent)+" documents changed fate as sent: whole, in part or not sent")
		if stages := moves.StageMoves("moved", "moved", true); stages != "" {
			says += "; " + stages
		}
	} else {
		says = "no document changed fate as sent; " + moves.StageMoves("moved", "moved", false)
	}
	return says + numfmt.Plural(marked, " (◆, n goes to it)", " (◆, n goes to the next)")
}

// changedDocs marks, by position in next's document list, the documents
// core.ChangedDocuments finds: the fix preview's definition, so the ◆
// marks after applying a fix are the preview's list, and its counts
// (core.CountFateChanges) the preview heading's.
func changedDocs(prev, next *core.Evaluation) (map[int]bool, core.FateChanges) {
	if prev == nil || prev.Assembly == nil || next == nil {
		return nil, core.FateChanges{}
	}
	docs := core.ChangedDocuments(prev, next)
	if len(docs) == 0 {
		return nil, core.FateChanges{}
	}
	// Input index -> position + 1 in next's list, built only when
	// something changed.
	span := 0
	for pos := range next.Documents {
		span = max(span, next.InputIndex(pos)+1)
	}
	position := make([]int, span)
	for pos := range next.Documents {
		position[next.InputIndex(pos)] = pos + 1
	}
	changed := make(map[int]bool, len(docs))
	for _, d := range docs {
		if d.Index < span && position[d.Index] > 0 {
			changed[position[d.Index]-1] = true
		}
	}
	return changed, core.CountFateChanges(docs)
}

// countTokens counts one document under every tokenizer in a command.
func countTokens(doc int, text string) tea.Cmd {
	return func() tea.Msg {
		counts := map[string]int{}
		for _, name := range tokens.Names {
			tok, _ := tokens.ByName(name)
			counts[name] = tok.Count(text)
		}
		return tokenCountsMsg{doc: doc, counts: counts}
	}
}

// preloadTokenizers loads the BPE vocabularies off the Update path.
func preloadTokenizers() tea.Cmd {
	return func() tea.Msg {
		for _, name := range tokens.Names {
			tok, _ := tokens.ByName(name)
			if p, ok := tok.(tokens.Preloader); ok {
				p.Preload()
			}
		}
		return tokenizersReadyMsg{}
	}
}
