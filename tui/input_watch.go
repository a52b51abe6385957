package tui

import (
	"fmt"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/tui/diagnosis"
	"ctxlab/tui/doclist"
	"ctxlab/tui/filter"
	"ctxlab/tui/rows"
)

// InputsMsg is the workbench's inputs read again after one of their
// files changed (ctxlab --watch). The caller's watcher reads the files
// outside Update and sends one per debounced change on Config.Inputs.
type InputsMsg struct {
	// Changed names the files that changed, as the status line shows
	// them.
	Changed []string
	// Scenario is the inputs as they read now; nil when Err is set.
	Scenario *core.Scenario
	// Err is why the inputs do not load (a file saved half-written):
	// the status line shows it until a later save loads.
	Err error
}

// inputWatch is what the watch of the inputs left to show: the error of
// the last read while the inputs do not load, and the documents that
// came with the last change, to mark once they are evaluated.
type inputWatch struct {
	// err is the last read's error, "" once the inputs load again.
	err string
	// came are the input indices of the documents the last change
	// brought, for the evaluation of generation gen; words is the status
	// line that reports the change.
	came  []int
	gen   int
	words string
}

// waitInputs waits for the next change of the inputs.
func waitInputs(ch <-chan InputsMsg) tea.Cmd {
	if ch == nil {
		return nil
	}
	return func() tea.Msg {
		msg, ok := <-ch
		if !ok {
			return nil
		}
		return msg
	}
}

// applyInputs installs the inputs read again, taking the settings the
// file changed except those the user turned by hand, keeping the pinned
// baseline, and evaluates them; the documents that came are marked once
// that evaluation arrives. Inputs that do not load
// leave the last good ones on screen and the error in the status line.
func (m *Model) applyInputs(msg InputsMsg) tea.Cmd {
	names := safetext.Line(strings.Join(msg.Changed, ", "))
	if names == "" {
		names = "the inputs"
	}
	if msg.Err != nil || msg.Scenario == nil {
		m.watch.err = "⚠ " + loadErrorWords(names, msg.Err) + " · last good inputs kept"
		m.status.set(m.watch.err)
		return nil
	}
	m.watch.err = ""
	prev := m.cfg.Scenario
	next := *msg.Scenario
	settings, taken, kept := fileSettings(m.initial, m.settings, next.Settings)
	m.initial = next.Settings
	next.Settings = settings
	m.settings = settings
	came, went := documentChanges(prev.Documents, next.Documents)
	m.cfg.Scenario = &next
	m.analysis = pipeline.Analyze(next.Documents)
	m.useDocuments(next.Documents)
	// A new document set: rows, filter and cursors start again, as for a
	// query opened from a run; the settings and the baseline stay.
	m.eval, m.changed, m.sent = nil, nil, rows.Fates{}
	m.list, m.inspector, m.diagnosis, m.space, m.filter = doclist.New(), newInspectorPane(), diagnosis.New(), newSpacePane(), filter.New()
	cmd := m.requestEvaluation()
	m.watch.came, m.watch.gen = came, m.gen
	what := changeWords(prev, &next, len(came), went)
	if words := settingsWords(taken, kept, settings); words != "" {
		if len(came) == 0 && went == 0 && !strings.Contains(what, "message") && !strings.Contains(what, "tool result") {
			what = words
		} else {
			what += "; " + words
		}
	}
	m.watch.words = names + " changed: " + what
	m.status.set(m.watch.words)
	return cmd
}

// markInputChanges marks, once the inputs read again are evaluated, the
// documents that came with them (◆, n steps through them).
func (m *Model) markInputChanges() {
	if m.watch.gen == 0 || m.shown != m.watch.gen || m.eval == nil {
		return
	}
	m.watch.gen = 0
	if len(m.watch.came) == 0 {
		return
	}
	position := make(map[int]int, len(m.eval.Documents))
	for pos := range m.eval.Documents {
		position[m.eval.InputIndex(pos)] = pos
	}
	m.changed = make(map[int]bool, len(m.watch.came))
	for _, i := range m.watch.came {
		if pos, ok := position[i]; ok {
			m.changed[pos] = true
		}
	}
	m.refreshRows()
	m.status.set(m.watch.words + " (◆ marks the new, n goes to the next)")
}

// documentChanges compares two document sets by source and text: the
// input indices in next of the documents that came, and how many of
// prev's went. A document edited in place both went and came.
func documentChanges(prev, next []value.Document) (came []int, went int) {
	count := make(map[string]int, len(prev))
	for _, d := range prev {
		count[documentKey(d)]++
	}
	for i, d := range next {
		k := documentKey(d)
		if count[k] > 0 {
			count[k]--
			continue
		}
		came = append(came, i)
	}
	for _, n := range count {
		went += n
	}
	return came, went
}

func documentKey(d value.Document) string {
	return strconv.Itoa(len(d.Source)) + ":" + d.Source + d.Content + "\x00" + strconv.FormatFloat(d.Score, 'g', -1, 64)
}

// changeWords says what a change of the inputs brought: documents that
// came and went, messages added or removed, or that the rest changed.
func changeWords(prev, next *core.Scenario, came, went int) string {
	var parts []string
	if came > 0 || went > 0 {
		parts = append(parts, fmt.Sprintf("%s came, %s went", numfmt.Count(came, "document", "documents"), numfmt.Thousands(went)))
	}
	if d := len(next.History) - len(prev.History); d != 0 {
		parts = append(parts, signedCount(d, "message", "messages"))
	}
	if d := len(next.ToolResults) - len(prev.ToolResults); d != 0 {
		parts = append(parts, signedCount(d, "tool result", "tool results"))
	}
	if len(parts) == 0 {
		if len(next.Documents) > 0 {
			return "no document came or went; the rest is read again"
		}
		return "read again"
	}
	return strings.Join(parts, ", ")
}

// signedCount is "2 messages more" or "1 message fewer".
func signedCount(d int, one, many string) string {
	if d > 0 {
		return numfmt.Count(d, one, many) + " more"
	}
	return numfmt.Count(-d, one, many) + " fewer"
}
