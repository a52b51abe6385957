package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/tui/budget"
	"ctxlab/tui/diagnosis"
	"ctxlab/tui/doclist"
	"ctxlab/tui/draw"
	"ctxlab/tui/rows"
	"ctxlab/tui/views"
)

// View draws the screen: header, budget, pipeline, banner, the worst
// finding, main area, controls, footer.
func (m Model) View() string {
	crashTestView()
	if m.width < minWidth || m.height < minHeight {
		return m.painted(tooSmall(m.width, m.height))
	}
	l := m.computeLayout()
	parts := []string{
		m.renderHeader(),
		budget.View(m.styles, m.eval, m.comparison, m.width),
		rows.Strip(m.styles, m.eval, m.sent, m.list.Stage(), m.width),
	}
	if l.hint > 0 {
		parts = append(parts, budget.Hint(m.styles, budget.HintWords(m.eval, m.sent), m.width))
	}
	if l.banner > 0 {
		lines := draw.HangingWrap(m.bannerText(), m.width-2, 2)
		if len(lines) > l.banner {
			lines = lines[:l.banner]
			lines[l.banner-1] = draw.Truncate(lines[l.banner-1]+" …", m.width-2)
		}
		for _, line := range lines {
			parts = append(parts, m.styles.Alert.Render(draw.PadRight(" "+line, m.width)))
		}
	}
	parts = append(parts, diagnosis.Line(m.styles, m.eval, m.width, m.bannerSaysWorstFinding()))
	parts = append(parts, m.renderMain(l))
	parts = append(parts, m.controls.View(m.styles, m.settings, m.width-1, l.controls, m.focus == paneControls))
	parts = append(parts, m.renderFooter())
	return m.painted(strings.Join(parts, "\n"))
}

// renderHeader is the scenario, model, tokenizer and window, with the
// state of the last evaluation at the right.
func (m Model) renderHeader() string {
	st := m.styles
	sc := m.cfg.Scenario
	// The header describes the picture on screen: the settings of the
	// evaluation shown, which lag the controls while one is computing or
	// when a setting was refused.
	s := m.settings
	if m.eval != nil {
		s = m.eval.Settings
	}
	model := s.Model
	if model == "" {
		model = "no model"
	}
	tokenizer := s.Pipeline.Tokenizer.Name()
	if m.pending != "" {
		tokenizer = m.pending + " pending, heuristic estimate"
	} else if sc.Provider == "anthropic" {
		tokenizer += anthropicEstimateWords(sc)
	} else if !s.Pipeline.Tokenizer.Exact() || (m.eval != nil && m.eval.Assembly != nil && !m.eval.Assembly.Exact) || (m.eval != nil && m.eval.CountEstimate != "") {
		tokenizer += ", estimate"
	}
	name := safetext.Line(sc.Name)
	if sc.Interactions > 0 {
		// A cassette holds several requests; which one is on screen
		// (the Context view says how to open another).
		name += " · " + interactionWords(sc)
	}
	measured := ""
	if s.Mode == window.MeasureOnly || (m.eval != nil && m.eval.BudgetProblem != nil) {
		measured = " · measured as sent"
	}
	cost := ""
	if m.eval != nil {
		if c := core.CostOf(m.eval, m.cfg.Prices); c.Known {
			cost = " · " + numfmt.Dollars(c.Per1000()) + " per 1,000 requests"
		}
	}
	right := "? help "
	switch {
	case m.summaryCallInFlight():
		right = "waiting for the LLM summary (esc cancels) " + right
	case m.busy && m.shown != m.gen:
		right = "computing… " + right
	}
	if words := m.counting.Words(); words != "" {
		right = words + " · " + right
	}
	room := m.width - lipgloss.Width(right) - 1
	// The header's parts, in the order they stand. The baseline's summary
	// stands before the cost: with a baseline pinned the change is what
	// the user is looking for. On a narrow screen the header first spares
	// what the user knows or can read elsewhere (the program's name, an
	// exact tokenizer, the model's own), then shortens the bill's gap,
	// then drops whole parts, least wanted first, so no part is cut
	// mid-word: the cost, "measured as sent", the tokenizer's name beside
	// an estimate, the window, the model, the baseline; then the name is
	// cut, and last the bill goes (the count against it is read nowhere
	// else on the first screen).
	parts := headerParts{program: " ctxlab ·", name: " " + name,
		model:  " · " + safetext.Line(model) + " (" + tokenizer + ")",
		window: " · window " + numfmt.Thousands(s.Budget.TotalWindow), measured: measured,
		bill: billWords(m.eval), baseline: baselineWords(m.comparison), cost: cost}
	var titles []string
	for _, drop := range []func(*headerParts){
		func(p *headerParts) {},
		func(p *headerParts) { p.model = " · " + compactModelWords(model, tokenizer) },
		func(p *headerParts) { p.program = "" },
		func(p *headerParts) { p.bill = billShortWords(m.eval) },
		func(p *headerParts) { p.cost = "" },
		func(p *headerParts) { p.measured = "" },
		func(p *headerParts) { p.model = " · " + estimateModelWords(model, tokenizer) },
		func(p *headerParts) { p.window = "" },
		func(p *headerParts) { p.model = "" },
		func(p *headerParts) { p.baseline = "" },
		func(p *headerParts) {
			p.name = " " + shortHeaderName(sc, room-lipgloss.Width(p.join())+lipgloss.Width(p.name)-1)
		},
		func(p *headerParts) { p.bill = "" },
	} {
		drop(&parts)
		titles = append(titles, parts.join())
	}
	title := draw.Fitting(room, titles...)
	if m.width-lipgloss.Width(title)-lipgloss.Width(right) > lipgloss.Width(helpAndLegend)-lipgloss.Width("? help ")+2 {
		// Where there is room, the legend (a second ?) is named too.
		right = strings.TrimSuffix(right, "? help ") + helpAndLegend
	}
	gap := m.width - lipgloss.Width(title) - lipgloss.Width(right)
	if gap < 1 {
		// Only the name is left to cut.
		title = draw.Truncate(title, m.width-lipgloss.Width(right)-1)
		gap = m.width - lipgloss.Width(title) - lipgloss.Width(right)
	}
	return st.Header.Render(title + strings.Repeat(" ", max(0, gap)) + right)
}

// compactModelWords names the model alone when its tokenizer needs no
// saying (the model's own, counted exactly), for a narrow header; an
// estimate or a pending count is always said.
func compactModelWords(model, tokenizer string) string {
	if strings.Contains(tokenizer, "estimate") || strings.Contains(tokenizer, "pending") {
		return safetext.Line(model) + " (" + tokenizer + ")"
	}
	return safetext.Line(model)
}

// estimateModelWords names the model with only "estimate" or "pending"
// for its count, the tokenizer's name left out, for a very narrow header.
func estimateModelWords(model, tokenizer string) string {
	switch {
	case strings.Contains(tokenizer, "pending"):
		return safetext.Line(model) + " (count pending)"
	case strings.Contains(tokenizer, "estimate"):
		return safetext.Line(model) + " (estimate)"
	}
	return safetext.Line(model)
}

// shortHeaderName is the scenario's name cut to fit room cells, a
// cassette's interaction kept as "1/2" after it: the header cuts the
// name before it drops the bill.
func shortHeaderName(sc *core.Scenario, room int) string {
	tail := ""
	if sc.Interactions > 0 {
		tail = " · " + numfmt.Thousands(sc.Interaction) + "/" + numfmt.Thousands(sc.Interactions)
	}
	return draw.Truncate(safetext.Line(sc.Name), max(8, room-lipgloss.Width(tail))) + tail
}

// interactionWords is which of a cassette's chat requests is shown:
// "interaction 1 of 3".
func interactionWords(sc *core.Scenario) string {
	return "interaction " + numfmt.Thousands(sc.Interaction) + " of " + numfmt.Thousands(sc.Interactions)
}

// helpAndLegend is the header's right end when the title leaves room.
const helpAndLegend = "? help, ?? legend "

// bannerText is the alert that must be seen: an evaluation error, an
// overflow, or the monitor's >90% alert.
func (m Model) bannerText() string {
	switch {
	case m.evalErr != nil:
		return "⚠ " + m.evalErr.Error() + " (the picture shows the last good setting)"
	case m.eval != nil && m.eval.BudgetProblem != nil:
		return "⚠ " + views.BudgetProblemWords(m.eval)
	case m.eval != nil && m.eval.Overflow != nil:
		if m.eval.Overflow.Reserve != nil {
			return "▲ " + views.OverflowWords(m.eval.Overflow) + "; the request would be rejected"
		}
		return "▲ " + m.eval.Overflow.Error() + ": the request would be rejected"
	case m.eval != nil && m.eval.Alert != "":
		return "⚠ " + m.eval.Alert
	}
	return ""
}

// bannerSaysWorstFinding reports whether the banner states what the
// worst finding does: the request over its max input, or allocations
// larger than the window.
func (m Model) bannerSaysWorstFinding() bool {
	ev := m.eval
	if m.evalErr != nil || ev == nil || len(ev.Findings) == 0 {
		return false
	}
	switch ev.Findings[0].Code {
	case diagnose.CodeAllocationsOverWindow:
		return ev.BudgetProblem != nil
	case diagnose.CodeOverflow:
		return ev.BudgetProblem == nil && ev.Overflow != nil
	}
	return false
}

// renderMain draws the main area for the current view: the list and
// the inspector side by side, or one of them, or a text view.
func (m Model) renderMain(l layout) string {
	if m.fixes.Open() {
		return box(m.styles, m.fixes.Title(m.width), m.fixes.View(m.styles, m.width, l.main), m.width, l.main, true)
	}
	if m.evalOpen && !m.views.helpOpen {
		focused := m.focus != paneControls
		return box(m.styles, m.evalView.Title(), m.evalView.View(m.styles, m.width-2, l.main-2, focused), m.width, l.main, focused)
	}
	if m.view == viewTimeline && !m.views.helpOpen {
		return m.timelineBox(m.width, l.main)
	}
	if m.view == viewSpace && !m.views.helpOpen {
		return m.spaceBox(m.width, l.main)
	}
	if m.views.helpOpen || m.view != viewDocuments {
		return m.views.view(m.styles, m.view, m.width, l.main, m.focus == paneInspector)
	}
	inspector := func(w int) string {
		return m.inspector.view(m.styles, m.eval, m.list.Selected(), w, l.main, m.focus == paneInspector)
	}
	if !m.wide && m.focus == paneInspector {
		return inspector(m.width)
	}
	list := box(m.styles, m.list.Title(&m.filter), m.list.View(m.listContext(l.listW-2), &m.filter, l.main-2), l.listW, l.main, m.focus == paneList)
	if !m.wide {
		return list
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, list, inspector(l.inspW))
}

func (m Model) listContext(width int) doclist.Context {
	return doclist.Context{
		Styles: m.styles, ThemeID: m.themeID, Eval: m.eval, Gen: m.shown, Width: width,
		Focused: m.focus == paneList, Changed: m.changed, Versus: m.versus,
	}
}

// renderFooter shows the keys that work in the focused pane, then the
// global ones.
func (m Model) renderFooter() string {
	if text := m.status.text; (text != "" || m.watch.err != "") && !m.typing() {
		// A status message (export paths, notes) takes the whole line for
		// a few seconds; the keys come back when it expires. Inputs that
		// no longer load keep their error there until they load again.
		if text == "" {
			text = m.watch.err
		}
		return draw.PadRight(m.styles.Accent.Render(" "+draw.Truncate(safetext.Line(text), m.width-2)), m.width)
	}
	var bindings help.KeyMap
	switch {
	case m.filter.Editing():
		bindings = m.filter.Keys()
	case m.controls.Editing():
		bindings = m.controls.InputKeys()
	case m.focus == paneControls:
		bindings = m.controls.Keys()
	case m.evalOpen:
		bindings = m.evalView.Keys()
	case m.view == viewTimeline && !m.views.helpOpen && m.cfg.Trajectory != nil:
		bindings = m.timeline.Keys()
	case m.view == viewSpace:
		bindings = m.space.Keys()
	case m.view == viewDiagnosis && !m.views.helpOpen:
		bindings = m.diagnosis.Keys()
	case m.view != viewDocuments:
		bindings = m.views.keys
	case m.focus == paneInspector:
		bindings = m.inspector.keys
	default:
		bindings = m.list.Keys()
	}
	local := m.help.ShortHelpView(bindings.ShortHelp())
	if m.typing() {
		// A text input takes every key: the global ones do not apply.
		return draw.PadRight(" "+local+m.styles.HelpSep.Render("  │  ")+m.styles.HelpDesc.Render("typing goes to the input"), m.width)
	}
	line := fitFooter(m.help, bindings.ShortHelp(), m.global.ShortHelp(), []key.Binding{m.global.Help, m.global.Quit}, m.styles.HelpSep.Render("  │  "), m.width)
	if m.summaryCallInFlight() {
		line = " " + m.help.ShortHelpView([]key.Binding{m.global.CancelSummary}) + m.styles.HelpSep.Render("  │  ") + local
	}
	return draw.PadRight(line, m.width)
}

func (m *Model) applyHelpStyles() {
	st := m.styles
	m.help.Styles.ShortKey = st.HelpKey
	m.help.Styles.ShortDesc = st.HelpDesc
	m.help.Styles.ShortSeparator = st.HelpSep
	m.help.Styles.FullKey = st.HelpKey
	m.help.Styles.FullDesc = st.HelpDesc
	m.help.Styles.FullSeparator = st.HelpSep
	m.help.Styles.Ellipsis = st.HelpSep
}

// tooSmall asks for a larger terminal, cut to the one there is: lines the
// terminal wrapped would scroll the message off a window of a line or two.
func tooSmall(width, height int) string {
	notice := fmt.Sprintf("ctxlab needs a terminal of at least %s×%s; this one is %s×%s.",
		numfmt.Thousands(minWidth), numfmt.Thousands(minHeight), numfmt.Thousands(width), numfmt.Thousands(height))
	lines := append(draw.HangingWrap(notice, max(1, width), 0), draw.HangingWrap("Enlarge the window, or press q to quit.", max(1, width), 0)...)
	if height > 0 && len(lines) > height {
		lines = lines[:height]
	}
	for i, line := range lines {
		lines[i] = draw.Truncate(line, width)
	}
	return strings.Join(lines, "\n")
}
