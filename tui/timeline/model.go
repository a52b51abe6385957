package timeline

import (
	"context"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core/trajectory"
)

// Source is the trajectory the view replays and how.
type Source struct {
	Trajectory *trajectory.Trajectory
	// Options are the replay's window, reserve, prices and cache rules;
	// Parts is set by ReplayCmd.
	Options trajectory.Options
	// Policies are the policies side by side; nil is every policy at its
	// defaults (trajectory.Defaults), as-sent first.
	Policies []trajectory.Policy
}

// ReplayedMsg carries the replay's report back to Update.
type ReplayedMsg struct {
	Report *trajectory.Report
	Err    error
}

// Action is what a key asks the workbench to do.
type Action int

const (
	// None: the key moved something in the view, or was not the view's.
	None Action = iota
	// Open asks for the selected turn's request as the scenario.
	Open
	// Back leaves the view.
	Back
	// Pinned and Cleared report a baseline policy pinned or cleared, for
	// the status line.
	Pinned
	Cleared
)

// Model is the view's state: the report, the selected turn, the policy
// the bars show and the pinned baseline policy.
type Model struct {
	src    *Source
	report *trajectory.Report
	err    error
	busy   bool
	// turn is the selected turn and opened the one open in the other
	// views (from 0; -1 for none); policy and baseline index the
	// report's policies, baseline -1 when none is pinned.
	turn, opened     int
	policy, baseline int
	keys             Keys
}

// New is the view of src, turn start selected and open in the other
// views; the replay starts with ReplayCmd.
func New(src *Source, start int) Model {
	n := len(src.Trajectory.Turns)
	start = max(0, min(start, n-1))
	return Model{src: src, busy: true, turn: start, opened: start, baseline: -1, keys: NewKeys()}
}

// ReplayCmd replays every policy over the trajectory, with each turn's
// parts, in a command. The replay interns the summaries and stubs it
// makes into the trajectory, so the view runs it once.
func (m Model) ReplayCmd() tea.Cmd {
	src := m.src
	return func() tea.Msg {
		policies := src.Policies
		if policies == nil {
			policies = trajectory.Defaults()
		}
		opts := src.Options
		opts.Parts = true
		rep, err := trajectory.Replay(context.Background(), src.Trajectory, policies, opts)
		return ReplayedMsg{Report: rep, Err: err}
	}
}

// Apply takes the replay's report.
func (m *Model) Apply(msg ReplayedMsg) {
	m.busy, m.report, m.err = false, msg.Report, msg.Err
	if msg.Err == nil && msg.Report != nil {
		m.policy = min(m.policy, len(msg.Report.Policies)-1)
	}
}

// Turns is the number of turns; Turn the selected one and Opened the
// one open in the other views, from 0.
func (m Model) Turns() int  { return len(m.src.Trajectory.Turns) }
func (m Model) Turn() int   { return m.turn }
func (m Model) Opened() int { return m.opened }

// SetOpened records the turn now open in the other views.
func (m *Model) SetOpened(turn int) { m.opened = turn }

// Label is turn i's source, as the trajectory names it: "message 14".
func (m Model) Label(i int) string { return m.src.Trajectory.Turns[i].Label }

// Report is the replay, nil while it runs.
func (m Model) Report() *trajectory.Report { return m.report }

// Policy is the index of the policy the bars show; Baseline the pinned
// one's, -1 when none is.
func (m Model) Policy() int   { return m.policy }
func (m Model) Baseline() int { return m.baseline }

// PolicyOf is policy i of those side by side.
func (m Model) PolicyOf(i int) trajectory.Policy {
	policies := m.src.Policies
	if policies == nil {
		policies = trajectory.Defaults()
	}
	return policies[min(max(i, 0), len(policies)-1)]
}

// PolicyLabel names policy i, "" before the replay.
func (m Model) PolicyLabel(i int) string {
	if m.report == nil || i < 0 || i >= len(m.report.Policies) {
		return ""
	}
	return m.report.Policies[i].Label
}

// Keys drive the view.
type Keys struct {
	Prev, Next, PrevPage, NextPage, First, Last, FirstOver key.Binding
	PrevPolicy, NextPolicy, Open, Pin, Clear, Back         key.Binding
}

// NewKeys are the view's bindings. p and P are the workbench's own
// baseline keys: here the baseline is a policy.
func NewKeys() Keys {
	return Keys{
		Prev:       key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/→", "choose a turn")),
		Next:       key.NewBinding(key.WithKeys("right", "l")),
		PrevPage:   key.NewBinding(key.WithKeys("pgup", "shift+left", "["), key.WithHelp("pgup/pgdn", "a tenth of the turns")),
		NextPage:   key.NewBinding(key.WithKeys("pgdown", "shift+right", "]")),
		First:      key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/G", "first turn, last turn")),
		Last:       key.NewBinding(key.WithKeys("end", "G")),
		FirstOver:  key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "first turn over the window")),
		PrevPolicy: key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/↓", "the policy the bars show")),
		NextPolicy: key.NewBinding(key.WithKeys("down", "j")),
		Open:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open the turn in every view")),
		Pin:        key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pin the policy as baseline")),
		Clear:      key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "clear the baseline policy")),
		Back:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to list")),
	}
}

// ShortHelp are the footer's keys.
func (k Keys) ShortHelp() []key.Binding {
	return []key.Binding{k.Prev, k.PrevPolicy, k.Open, k.Pin}
}

// FullHelp are the help screen's.
func (k Keys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Prev, k.Next, k.PrevPage, k.NextPage, k.First, k.Last, k.FirstOver, k.PrevPolicy, k.NextPolicy, k.Open, k.Pin, k.Clear, k.Back}}
}

// Keys returns the view's bindings.
func (m Model) Keys() Keys { return m.keys }

// Update handles a key; the Action says what the workbench must do.
func (m Model) Update(msg tea.KeyMsg) (Model, Action) {
	n := m.Turns()
	k := m.keys
	page := max(1, n/10)
	switch {
	case key.Matches(msg, k.Prev):
		m.turn = max(0, m.turn-1)
	case key.Matches(msg, k.Next):
		m.turn = min(n-1, m.turn+1)
	case key.Matches(msg, k.PrevPage):
		m.turn = max(0, m.turn-page)
	case key.Matches(msg, k.NextPage):
		m.turn = min(n-1, m.turn+page)
	case key.Matches(msg, k.First):
		m.turn = 0
	case key.Matches(msg, k.Last):
		m.turn = n - 1
	case key.Matches(msg, k.FirstOver):
		if p := m.shown(); p != nil && p.FirstOverflow > 0 {
			m.turn = p.FirstOverflow - 1
		}
	case key.Matches(msg, k.PrevPolicy):
		if m.report != nil {
			m.policy = (m.policy - 1 + len(m.report.Policies)) % len(m.report.Policies)
		}
	case key.Matches(msg, k.NextPolicy):
		if m.report != nil {
			m.policy = (m.policy + 1) % len(m.report.Policies)
		}
	case key.Matches(msg, k.Open):
		return m, Open
	case key.Matches(msg, k.Pin):
		if m.report == nil {
			return m, None
		}
		m.baseline = m.policy
		return m, Pinned
	case key.Matches(msg, k.Clear):
		if m.baseline < 0 {
			return m, None
		}
		m.baseline = -1
		return m, Cleared
	case key.Matches(msg, k.Back):
		return m, Back
	}
	return m, None
}

// shown is the result of the policy the bars show, nil before the
// replay.
func (m Model) shown() *trajectory.PolicyResult {
	if m.report == nil || len(m.report.Policies) == 0 {
		return nil
	}
	return &m.report.Policies[m.policy]
}
