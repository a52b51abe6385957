package fixes

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/fix"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
)

// Pane holds the suggested fixes of the evaluation on screen, the one
// being previewed, and the settings each applied fix replaced, so u can
// undo them one by one.
type Pane struct {
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
	keys        Keys
}

// appliedFix is one entry of the undo stack: the settings a fix replaced
// and the fix's headless flags, to name it when it is undone.
type appliedFix struct {
	settings core.Settings
	flags    string
}

// New is the pane with no fix found yet.
func New() Pane { return Pane{keys: NewKeys()} }

// Keys: f previews the best fix (again: the next), enter applies it,
// u undoes the last applied fix.
type Keys struct {
	Preview, Apply, Close, Undo key.Binding
	// Up, Down, PageUp and PageDown scroll the preview; any other key
	// closes it.
	Up, Down, PageUp, PageDown key.Binding
}

// NewKeys are the pane's bindings.
func NewKeys() Keys {
	return Keys{
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

// FullHelp are the help screen's keys.
func (k Keys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Preview, k.Apply, k.Close, k.Undo, k.Up, k.Down, k.PageUp, k.PageDown}}
}

// Keys returns the pane's bindings.
func (p Pane) Keys() Keys { return p.keys }

// Open says the preview is on screen; Fixes are the fixes as previewed,
// Index the one shown and Offset its first line on screen.
func (p Pane) Open() bool       { return p.open }
func (p Pane) Fixes() []fix.Fix { return p.fixes }
func (p Pane) Index() int       { return p.index }
func (p Pane) Offset() int      { return p.offset }

// Computing is the generation whose fixes are being found, 0 when none
// is.
func (p Pane) Computing() int { return p.computing }

// Screen is what the pane is given of the workbench.
type Screen struct {
	// Eval is the evaluation on screen, of generation Shown; Busy says a
	// newer one is computing, Pending names the tokenizer whose exact
	// counts are still being made ("" when they are exact).
	Eval    *core.Evaluation
	Shown   int
	Busy    bool
	Pending string
	// Settings are those in force, which an applied fix's undo restores.
	Settings core.Settings
	// Finding is the Diagnosis view's chosen finding when that view is
	// on screen, nil otherwise: its own fixes are previewed first.
	Finding *diagnose.Finding
	// Styles, Width and Height are the main area's, where the preview
	// is drawn.
	Styles        *themes.Styles
	Width, Height int
}

// Outcome is what a key or a search's result asks of the workbench.
type Outcome struct {
	// Handled: the key was the pane's.
	Handled bool
	// Closed: the preview closed; the status line that described it
	// (StatusID) goes with it when no later message replaced it.
	Closed bool
	// Status is a line for the status bar, "" for none; when Describes,
	// it describes the preview, and the workbench reports its id with
	// Described.
	Status    string
	Describes bool
	// Settings are settings to validate and evaluate: a fix's, or those
	// an undo restores (Undo, reported with Undoing).
	Settings *core.Settings
	Undo     bool
	// Search asks for the fixes of the evaluation on screen: the
	// workbench runs Search's command.
	Search bool
}

// Takes says the pane handles msg: f and u, and any key while the
// preview is open.
func (p Pane) Takes(msg tea.KeyMsg) bool {
	return p.open || key.Matches(msg, p.keys.Preview, p.keys.Undo)
}

// Update handles f, u and, while a preview is open, its keys; Handled is
// false for any other key. Any other key closes an open preview.
func (p Pane) Update(msg tea.KeyMsg, s Screen) (Pane, Outcome) {
	k := p.keys
	if p.open {
		switch {
		case key.Matches(msg, k.Preview):
			p.index = (p.index + 1) % len(p.fixes)
			p.offset = 0
		case key.Matches(msg, k.Apply):
			return p.apply(s)
		case key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown):
			p.scroll(msg, s)
		default:
			p.open = false
			return p, Outcome{Handled: true, Closed: true}
		}
		return p, Outcome{Handled: true}
	}
	switch {
	case key.Matches(msg, k.Preview):
		if s.Eval == nil || s.Busy {
			return p, Outcome{Handled: true, Status: "fixes: wait for the evaluation to finish"}
		}
		if s.Pending != "" {
			// A fix is measured by its counts; the estimate's would mislead.
			return p, Outcome{Handled: true, Status: "fixes: wait until the " + s.Pending + " counts replace the estimate"}
		}
		if p.gen == s.Shown && p.computing == 0 {
			return p.openFixes(s)
		}
		if p.computing == s.Shown {
			return p, Outcome{Handled: true}
		}
		p.computing = s.Shown
		return p, Outcome{Handled: true, Status: "finding fixes: each is assembled again to measure it…", Search: true}
	case key.Matches(msg, k.Undo):
		n := len(p.undo)
		if n == 0 {
			return p, Outcome{Handled: true, Status: "no fix to undo"}
		}
		prev := p.undo[n-1]
		p.undo = p.undo[:n-1]
		p.undoneFlags = prev.flags
		return p, Outcome{Handled: true, Status: undoneStatus(prev.flags, 0), Settings: &prev.settings, Undo: true}
	}
	return p, Outcome{}
}

// Described records the status message that describes the preview, so
// closing the preview clears it while it is still shown.
func (p *Pane) Described(statusID int) { p.statusID = statusID }

// StatusID is the status message that describes the preview.
func (p Pane) StatusID() int { return p.statusID }

// Undoing records the generation of the evaluation an undo asked for
// (Outcome.Undo), whose arrival Landed reports.
func (p *Pane) Undoing(gen int) { p.undoneGen = gen }

// Landed is the status line for the evaluation of generation gen when it
// is the one an undo asked for: which fix the undo took back and how many
// documents it returned to the fate they had before the fix (moved).
func (p *Pane) Landed(gen, moved int) (string, bool) {
	if p.undoneGen != gen {
		return "", false
	}
	p.undoneGen = 0
	return undoneStatus(p.undoneFlags, moved), true
}

// SuggestionsMsg carries the fixes found for generation Gen.
type SuggestionsMsg struct {
	Gen   int
	Fixes []fix.Fix
	Err   error
}

// Search finds the fixes of ev, the evaluation of generation gen, in a
// command: each fix is an evaluation of its own, too slow for Update. in
// is how ev was evaluated; timeout bounds the search, which esc stops
// (CancelSearch) while it waits for a model.
func (p *Pane) Search(in core.EvalInput, ev *core.Evaluation, gen int, timeout time.Duration) tea.Cmd {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	p.cancel, p.modelCall = cancel, false
	return func() tea.Msg {
		defer cancel()
		fixes, err := fix.Suggest(ctx, in, ev)
		return SuggestionsMsg{Gen: gen, Fixes: fixes, Err: err}
	}
}

// NoteModelCall records that the search for generation gen waits for
// the LLM, when it is the search in flight.
func (p *Pane) NoteModelCall(gen int) {
	if gen == p.computing {
		p.modelCall = true
	}
}

// WaitsForModel reports whether the search in flight waits for the LLM.
func (p Pane) WaitsForModel() bool { return p.computing != 0 && p.modelCall }

// CancelSearch stops the search in flight.
func (p *Pane) CancelSearch() {
	if p.cancel != nil {
		p.cancel()
	}
	p.computing, p.modelCall = 0, false
}

// Receive installs fixes that are still for the evaluation on screen and
// opens the preview.
func (p Pane) Receive(msg SuggestionsMsg, s Screen) (Pane, Outcome) {
	if msg.Gen != p.computing {
		return p, Outcome{}
	}
	p.computing, p.modelCall = 0, false
	if msg.Err != nil {
		return p, Outcome{Status: "fixes: " + safetext.Line(msg.Err.Error())}
	}
	if msg.Gen != s.Shown {
		return p, Outcome{} // the settings moved on; f finds the new ones
	}
	p.ranked, p.gen = msg.Fixes, msg.Gen
	return p.openFixes(s)
}

// scroll moves the preview a line or a page, within its lines.
func (p *Pane) scroll(msg tea.KeyMsg, s Screen) {
	k := p.keys
	page := max(1, s.Height-3)
	switch {
	case key.Matches(msg, k.Up):
		p.offset--
	case key.Matches(msg, k.Down):
		p.offset++
	case key.Matches(msg, k.PageUp):
		p.offset -= page
	case key.Matches(msg, k.PageDown):
		p.offset += page
	}
	lines := len(previewLines(s.Styles, *p, s.Width))
	p.offset = max(0, min(p.offset, maxOffset(lines, s.Height)))
}

// openFixes opens the preview on the fixes found, a chosen finding's
// own first; the status it sets describes the preview.
func (p Pane) openFixes(s Screen) (Pane, Outcome) {
	out := Outcome{Handled: true, Describes: true}
	p.offset = 0
	p.index = 0
	p.fixes = p.ranked
	if len(p.fixes) == 0 {
		out.Status = "no fix: no change of settings helps this request"
		return p, out
	}
	p.open = true
	if s.Finding != nil {
		// From a finding, its own fixes first: the one the user is
		// reading about, not the evaluation's best overall.
		var n int
		p.fixes, n = fix.ForFinding(p.fixes, *s.Finding)
		switch rest := len(p.fixes) - n; {
		case n > 0 && rest == 0:
			out.Status = fmt.Sprintf("%s for this finding: enter applies the one shown", numfmt.Count(n, "fix", "fixes"))
		case n > 0:
			out.Status = fmt.Sprintf("%s for this finding first, then the other %s: enter applies the one shown",
				numfmt.Count(n, "fix", "fixes"), numfmt.Thousands(rest))
		default:
			out.Status = fmt.Sprintf("no fix addresses this finding; %s for the request, best first", numfmt.Count(len(p.fixes), "fix", "fixes"))
		}
		return p, out
	}
	out.Status = fmt.Sprintf("%s, best first: enter applies the one shown", numfmt.Count(len(p.fixes), "fix", "fixes"))
	return p, out
}

// apply applies the fix previewed through the knob table, keeping the
// settings it replaces for undo.
func (p Pane) apply(s Screen) (Pane, Outcome) {
	chosen := p.fixes[p.index]
	p.open = false
	next, err := fix.ApplyChanges(s.Eval.Settings, chosen.Changes)
	if err != nil {
		return p, Outcome{Handled: true, Status: "fix not applied: " + safetext.Line(err.Error())}
	}
	flags := strings.Join(chosen.Flags, " ")
	p.undo = append(p.undo, appliedFix{settings: s.Settings, flags: flags})
	return p, Outcome{Handled: true, Status: fmt.Sprintf("fix applied (%s); u undoes it, e exports the settings", flags), Settings: &next}
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
