package tui

import (
	"context"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/fix"
	"ctxlab/core/summarize"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// fixPane holds the suggested fixes of the evaluation on screen, the one
// being previewed, and the settings each applied fix replaced, so u can
// undo them one by one.
type fixPane struct {
	// ranked are fix.Suggest's fixes for the evaluation of generation
	// gen, best first; fixes are them as previewed (a finding's own
	// first when f came from the Diagnosis view).
	ranked, fixes []fix.Fix
	gen           int
	// computing is the generation whose fixes are being found, 0 when
	// none is.
	computing int
	// cancel stops the search in flight; modelCall says it is waiting
	// for the LLM, so esc can stop it.
	cancel    context.CancelFunc
	modelCall bool
	index     int
	open      bool
	// offset is the preview's first line on screen (↑/↓, pgup/pgdn).
	offset int
	// statusID is the status message opening the preview set, cleared
	// with the preview when still shown: it describes the preview.
	statusID int
	undo     []appliedFix
	// undoneGen is the evaluation an undo asked for and undoneFlags the
	// fix it took back: when that evaluation lands, the status says what
	// the undo restored in place of the count the fix left.
	undoneGen   int
	undoneFlags string
	keys        fixKeys
}

// appliedFix is one entry of the undo stack: the settings a fix replaced
// and the fix's headless flags, to name it when it is undone.
type appliedFix struct {
	settings core.Settings
	flags    string
}

// fixKeys: f previews the best fix (again: the next), enter applies it,
// u undoes the last applied fix.
type fixKeys struct {
	Preview, Apply, Close, Undo key.Binding
	// Up, Down, PageUp and PageDown scroll the preview; any other key
	// closes it.
	Up, Down, PageUp, PageDown key.Binding
}

func newFixKeys() fixKeys {
	return fixKeys{
		Preview:  key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "preview a fix (again: the next)")),
		Apply:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "apply the fix previewed")),
		Close:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close the preview")),
		Undo:     key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo the last fix applied")),
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/↓", "scroll the preview")),
		Down:     key.NewBinding(key.WithKeys("down", "j")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+u", "b"), key.WithHelp("pgup/pgdn", "page the preview")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+d", " ")),
	}
}

func (k fixKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Preview, k.Apply, k.Close, k.Undo, k.Up, k.Down, k.PageUp, k.PageDown}}
}

// suggestionsMsg carries the fixes found for generation gen.
type suggestionsMsg struct {
	gen   int
	fixes []fix.Fix
	err   error
}

// suggestCmd finds the fixes of the evaluation on screen in a command:
// each fix is an evaluation of its own, too slow for Update.
func (m *Model) suggestCmd() tea.Cmd {
	ev, gen, timeout := m.eval, m.shown, m.evaluationTimeout()
	done := make(chan struct{})
	summarizer, watch := m.cfg.Summarizer, tea.Cmd(nil)
	if m.shownStandIn {
		// Measured against the picture on screen, whose summary is the
		// extractive stand-in for a cancelled model call.
		summarizer = summarize.ExtractiveSummarizer{}
	} else {
		summarizer, watch = watchModelCalls(summarizer, done, summaryCallMsg{gen: gen, fixes: true})
	}
	in := core.EvalInput{Scenario: m.cfg.Scenario, Analysis: m.analysis, Texts: m.texts, Summarizer: summarizer, Now: m.cfg.Now(), RequestID: m.cfg.RequestID}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	m.fixes.cancel, m.fixes.modelCall = cancel, false
	search := func() tea.Msg {
		defer close(done)
		defer cancel()
		fixes, err := fix.Suggest(ctx, in, ev)
		return suggestionsMsg{gen: gen, fixes: fixes, err: err}
	}
	return tea.Batch(search, watch)
}

// updateFixKeys handles f, u and, while a preview is open, its keys; ok
// is false for any other key. Any other key closes an open preview.
func (m Model) updateFixKeys(msg tea.KeyMsg) (Model, tea.Cmd, bool) {
	k := m.fixes.keys
	if m.fixes.open {
		switch {
		case key.Matches(msg, k.Preview):
			m.fixes.index = (m.fixes.index + 1) % len(m.fixes.fixes)
			m.fixes.offset = 0
		case key.Matches(msg, k.Apply):
			return m.applyFix()
		case key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown):
			m.scrollFixPreview(msg)
		default:
			m.closeFixPreview()
		}
		return m, nil, true
	}
	switch {
	case key.Matches(msg, k.Preview):
		if m.eval == nil || m.busy {
			m.status.set("fixes: wait for the evaluation to finish")
			return m, nil, true
		}
		if m.pending != "" {
			// A fix is measured by its counts; the estimate's would mislead.
			m.status.set("fixes: wait until the " + m.pending + " counts replace the estimate")
			return m, nil, true
		}
		if m.fixes.gen == m.shown && m.fixes.computing == 0 {
			m.openFixes()
			return m, nil, true
		}
		if m.fixes.computing == m.shown {
			return m, nil, true
		}
		m.fixes.computing = m.shown
		m.status.set("finding fixes: each is assembled again to measure it…")
		// The command first: it records its cancel in m, and Go does not
		// say whether a return's operands are read before its calls.
		search := m.suggestCmd()
		return m, search, true
	case key.Matches(msg, k.Undo):
		n := len(m.fixes.undo)
		if n == 0 {
			m.status.set("no fix to undo")
			return m, nil, true
		}
		prev := m.fixes.undo[n-1]
		m.fixes.undo = m.fixes.undo[:n-1]
		m.status.set(undoneStatus(prev.flags, 0))
		cmd := m.applySettings(prev.settings)
		m.fixes.undoneGen, m.fixes.undoneFlags = m.gen, prev.flags
		return m, cmd, true
	}
	return m, nil, false
}

// receiveSuggestions installs fixes that are still for the evaluation on
// screen and opens the preview.
func (m *Model) receiveSuggestions(msg suggestionsMsg) {
	if msg.gen != m.fixes.computing {
		return
	}
	m.fixes.computing, m.fixes.modelCall = 0, false
	if msg.err != nil {
		m.status.set("fixes: " + safetext.Line(msg.err.Error()))
		return
	}
	if msg.gen != m.shown {
		return // the settings moved on; f finds the new ones
	}
	m.fixes.ranked, m.fixes.gen = msg.fixes, msg.gen
	m.openFixes()
}

// scrollFixPreview moves the preview a line or a page, within its lines.
func (m *Model) scrollFixPreview(msg tea.KeyMsg) {
	k := m.fixes.keys
	page := max(1, m.computeLayout().main-3)
	switch {
	case key.Matches(msg, k.Up):
		m.fixes.offset--
	case key.Matches(msg, k.Down):
		m.fixes.offset++
	case key.Matches(msg, k.PageUp):
		m.fixes.offset -= page
	case key.Matches(msg, k.PageDown):
		m.fixes.offset += page
	}
	lines := len(fixPreviewLines(m.styles, m.fixes, m.width))
	m.fixes.offset = max(0, min(m.fixes.offset, fixPreviewMaxOffset(lines, m.computeLayout().main)))
}

// closeFixPreview closes the preview, and the status line that described
// it when no later message replaced it.
func (m *Model) closeFixPreview() {
	m.fixes.open = false
	if m.status.id == m.fixes.statusID {
		m.status.text = ""
	}
}

func (m *Model) openFixes() {
	defer func() { m.fixes.statusID = m.status.id }()
	m.fixes.offset = 0
	m.fixes.index = 0
	m.fixes.fixes = m.fixes.ranked
	if len(m.fixes.fixes) == 0 {
		m.status.set("no fix: no change of settings helps this request")
		return
	}
	m.fixes.open = true
	if f, ok := m.chosenFinding(); ok {
		// From a finding, its own fixes first: the one the user is
		// reading about, not the evaluation's best overall.
		var n int
		m.fixes.fixes, n = fix.ForFinding(m.fixes.fixes, f)
		switch rest := len(m.fixes.fixes) - n; {
		case n > 0 && rest == 0:
			m.status.set(fmt.Sprintf("%s for this finding: enter applies the one shown", numfmt.Count(n, "fix", "fixes")))
			return
		case n > 0:
			m.status.set(fmt.Sprintf("%s for this finding first, then the other %s: enter applies the one shown",
				numfmt.Count(n, "fix", "fixes"), numfmt.Thousands(rest)))
			return
		}
		m.status.set(fmt.Sprintf("no fix addresses this finding; %s for the request, best first", numfmt.Count(len(m.fixes.fixes), "fix", "fixes")))
		return
	}
	m.status.set(fmt.Sprintf("%s, best first: enter applies the one shown", numfmt.Count(len(m.fixes.fixes), "fix", "fixes")))
}

// chosenFinding is the finding the Diagnosis view's cursor is on, when
// that view is on screen.
func (m *Model) chosenFinding() (diagnose.Finding, bool) {
	if m.view != viewDiagnosis || m.views.helpOpen || m.eval == nil || len(m.eval.Findings) == 0 {
		return diagnose.Finding{}, false
	}
	return m.eval.Findings[m.diagnosis.clamped(m.eval.Findings).cursor], true
}

// applyFix applies the fix previewed through the knob table, keeping the
// settings it replaces for undo.
func (m Model) applyFix() (Model, tea.Cmd, bool) {
	chosen := m.fixes.fixes[m.fixes.index]
	m.fixes.open = false
	next, err := fix.ApplyChanges(m.eval.Settings, chosen.Changes)
	if err != nil {
		m.status.set("fix not applied: " + safetext.Line(err.Error()))
		return m, nil, true
	}
	flags := strings.Join(chosen.Flags, " ")
	m.fixes.undo = append(m.fixes.undo, appliedFix{settings: m.settings, flags: flags})
	m.status.set(fmt.Sprintf("fix applied (%s); u undoes it, e exports the settings", flags))
	return m, m.applySettings(next), true
}

// undoneStatus says which fix an undo took back and how many documents
// it returned to the fate they had before the fix.
func undoneStatus(flags string, moved int) string {
	head := "fix undone (" + flags + "): the settings are back to what they were"
	if moved == 0 {
		return head
	}
	return head + "; " + numfmt.Plural(moved, "1 document back to its fate before the fix (◆, n goes to it)",
		numfmt.Thousands(moved)+" documents back to their fate before the fix (◆, n goes to the next)")
}
