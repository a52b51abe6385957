package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
)

// Baseline is the evaluation pinned with p to compare with, and whether
// one is pinned: the Compare view diffs against it, and any view that
// marks "the baseline's value" reads it here.
func (m Model) Baseline() (*core.Evaluation, bool) {
	return m.baseline, m.baseline != nil
}

// Comparison is the evaluation on screen against the baseline, nil when
// none is pinned.
func (m Model) Comparison() *core.Comparison { return m.comparison }

// pinBaseline pins the evaluation on screen: from now on the Compare view
// and the header measure every change against it. With a retrieval run
// loaded, the command it returns runs the queries under the pinned
// settings when no run under them is on screen.
func (m *Model) pinBaseline() tea.Cmd {
	if m.eval == nil {
		m.status.set("nothing to pin yet: the first evaluation is still computing")
		return nil
	}
	m.baseline = m.eval
	c := core.Compare(m.baseline, m.eval)
	m.setComparison(&c)
	m.views.key = ""
	pinned := m.eval.Settings
	m.sweeps.SetBaseline(&pinned)
	m.refreshRows()
	m.status.set("baseline pinned: turn any control; v shows what changed, b lists the changed documents first, P clears it")
	return m.evalView.Pin(pinned)
}

func (m *Model) clearBaseline() {
	if m.baseline == nil {
		m.status.set("no baseline is pinned (p pins the current settings)")
		return
	}
	m.baseline = nil
	m.setComparison(nil)
	m.refreshRows()
	m.views.key = ""
	m.sweeps.SetBaseline(nil)
	m.evalView.Unpin()
	m.status.set("baseline cleared")
}

// baselineWords is the header's note of the request against the
// baseline, "" when none is pinned.
func baselineWords(c *core.Comparison) string {
	if c == nil {
		return ""
	}
	switch saved := c.TokensSaved(); {
	case saved > 0:
		return " · vs baseline −" + numfmt.Thousands(saved) + " tokens (v)"
	case saved < 0:
		return " · vs baseline +" + numfmt.Thousands(-saved) + " tokens (v)"
	}
	return " · vs baseline: same size (v)"
}

// compareCosts are the baseline's and the current request's costs at
// their models' list prices, for the Compare view.
func (m Model) compareCosts() [2]core.RequestCost {
	if m.baseline == nil || m.eval == nil {
		return [2]core.RequestCost{}
	}
	return [2]core.RequestCost{core.CostOf(m.baseline, m.cfg.Prices), core.CostOf(m.eval, m.cfg.Prices)}
}

// setComparison installs the comparison with the baseline (nil: none)
// and the per-document changes the list marks.
func (m *Model) setComparison(c *core.Comparison) {
	m.comparison = c
	m.versus = nil
	if c == nil || len(c.Documents) == 0 {
		return
	}
	m.versus = make(map[int]core.DocumentChangeKind, len(c.Documents))
	for _, d := range c.Documents {
		m.versus[d.Index] = d.Kind()
	}
}
