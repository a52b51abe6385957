package tui

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/core/trajectory"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/tui/diagnosis"
	"ctxlab/tui/doclist"
	"ctxlab/tui/draw"
	"ctxlab/tui/filter"
	"ctxlab/tui/rows"
	"ctxlab/tui/timeline"
)

// TrajectoryConfig is an agent's trajectory the workbench opens on: the
// Timeline view (7) replays it, and a turn opens as the scenario.
type TrajectoryConfig struct {
	timeline.Source
	// Open makes turn i's request (from 0) under policy p a scenario, as
	// --request opens a body; as-sent is the recorded request.
	// opens a body; it runs in a command.
	Open func(turn int, p trajectory.Policy) (*core.Scenario, error)
	// Start is the turn Config.Scenario is, selected when the view opens.
	Start int
	// WriteHTMLReport, when set, writes the trajectory as the page
	// ctxlab report --trajectory writes; an export then writes it as
	// report.html, and the open turn's page as turn.html.
	WriteHTMLReport func(w io.Writer) error
}

// turnOpenedMsg carries a turn's request, opened as a scenario.
type turnOpenedMsg struct {
	turn int
	// policy names the policy whose request it is, "" for as sent.
	policy string
	sc     *core.Scenario
	err    error
}

// turnScenario is turn i of n's scenario, named for the header.
func turnScenario(sc *core.Scenario, i, n int) *core.Scenario {
	named := *sc
	named.Name = fmt.Sprintf("%s · turn %s of %s", sc.Name, numfmt.Thousands(i+1), numfmt.Thousands(n))
	return &named
}

// openTimeline gives the main area to the Timeline view; without a
// trajectory it says how to open one.
func (m *Model) openTimeline() {
	m.openView(viewTimeline)
}

// noTrajectory is the Timeline view without a trajectory.
const noTrajectory = "No trajectory is loaded. ctxlab --trajectory FILE opens an agent's requests turn by turn " +
	"(a VCR cassette, a JSON array of request bodies or a folder of them, or one whole conversation), " +
	"replays every trim policy over them and prices the prompt cache; ctxlab replay prints the same headless."

// timelineOnScreen says the Timeline view has the keys.
func (m Model) timelineOnScreen() bool {
	return m.cfg.Trajectory != nil && m.view == viewTimeline && !m.views.helpOpen && m.focus != paneControls && !m.evalOpen
}

// timelineTakes says a key the workbench binds globally (p, P) means
// the view's own here: the baseline is a policy.
func (m Model) timelineTakes(msg tea.KeyMsg) bool {
	k := m.timeline.Keys()
	return m.timelineOnScreen() && (key.Matches(msg, k.Pin) || key.Matches(msg, k.Clear))
}

// updateTimeline handles a key in the Timeline view.
func (m Model) updateTimeline(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	var action timeline.Action
	m.timeline, action = m.timeline.Update(msg)
	switch action {
	case timeline.Open:
		i := m.timeline.Turn()
		open := m.cfg.Trajectory.Open
		p := m.timeline.PolicyOf(m.timeline.Policy())
		label := ""
		if p.Kind != trajectory.KindAsSent {
			label = m.timeline.PolicyLabel(m.timeline.Policy())
		}
		m.status.set(fmt.Sprintf("opening turn %s…", numfmt.Thousands(i+1)))
		return m, func() tea.Msg {
			sc, err := open(i, p)
			return turnOpenedMsg{turn: i, policy: label, sc: sc, err: err}
		}
	case timeline.Back:
		m.openView(viewDocuments)
		m.focus = paneList
		m.layoutPanes()
	case timeline.Pinned:
		m.status.set(fmt.Sprintf("baseline policy: %s; ↑/↓ chooses another to compare, P clears it", m.timeline.PolicyLabel(m.timeline.Baseline())))
	case timeline.Cleared:
		m.status.set("baseline policy cleared")
	}
	return m, nil
}

// applyOpenedTurn makes a turn's request the scenario every view shows,
// as the workbench opens a request body: its settings are the request's,
// and nothing of the last turn's rows carries over.
func (m *Model) applyOpenedTurn(msg turnOpenedMsg) tea.Cmd {
	if msg.err != nil {
		m.status.set(fmt.Sprintf("turn %s cannot be opened: %s", numfmt.Thousands(msg.turn+1), safetext.Line(msg.err.Error())))
		return nil
	}
	sc := turnScenario(msg.sc, msg.turn, m.timeline.Turns())
	what := "turn " + numfmt.Thousands(msg.turn+1)
	if msg.policy != "" {
		sc.Name += " · " + msg.policy
		what += " under " + msg.policy
	}
	m.cfg.Scenario = sc
	m.analysis = pipeline.Analyze(sc.Documents)
	m.useDocuments(sc.Documents)
	m.settings, m.initial = sc.Settings, sc.Settings
	m.summaryStandIn = false
	m.eval, m.changed, m.sent = nil, nil, rows.Fates{}
	m.list, m.inspector, m.diagnosis, m.space, m.filter = doclist.New(), newInspectorPane(), diagnosis.New(), newSpacePane(), filter.New()
	m.timeline.SetOpened(msg.turn)
	m.views.top()
	m.openView(viewContext)
	m.focus = paneInspector
	m.layoutPanes()
	m.status.set(fmt.Sprintf("%s (%s) open in every view · 7 returns to the timeline",
		safetext.Line(what), safetext.Line(m.timeline.Label(msg.turn))))
	return m.requestEvaluation()
}

// timelineBox draws the Timeline view in its box. The view's lines are
// exactly the box's inner width already, so unlike box it does not
// measure them: a frame of 2,000 turns is mostly escape sequences,
// which measuring would walk once more.
func (m Model) timelineBox(w, h int) string {
	st := m.styles
	focused := m.focus == paneInspector
	if m.cfg.Trajectory == nil {
		return box(st, "7 Timeline", st.Muted.Render(strings.Join(draw.HangingWrap(noTrajectory, max(1, w-2), 0), "\n")), w, h, focused)
	}
	inner := max(1, w-2)
	rows := max(0, h-2)
	content := m.timeline.View(st, inner, max(1, rows))
	frame := strings.Split(box(st, m.timeline.Title(w), "", w, 2, focused), "\n")
	top, bottom := frame[0], frame[len(frame)-1]
	border := st.Pane.GetBorderStyle()
	edge := st.Pane.GetBorderTopForeground()
	if focused {
		border, edge = st.PaneFocused.GetBorderStyle(), st.PaneFocused.GetBorderTopForeground()
	}
	paint := st.Text.Foreground(edge)
	if st.Mono {
		paint = st.Text
	}
	left, right := paint.Render(border.Left), paint.Render(border.Right)
	var b strings.Builder
	b.WriteString(top)
	for i, line := range strings.SplitN(content, "\n", rows+1) {
		if i == rows {
			break
		}
		b.WriteString("\n" + left + line + right)
	}
	b.WriteString("\n" + bottom)
	return b.String()
}
