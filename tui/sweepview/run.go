package sweepview

import (
	"context"
	"errors"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/evalrun"
	"ctxlab/core/sweep"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/internal/sparkline"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// RunSweptMsg carries a sweep of the run's aggregate back to Update.
type RunSweptMsg struct {
	key string
	run *evalrun.AggregateSweep
	err error
}

// runCmd sweeps knob k over every query of a loaded run from
// settings s in a command of its own, so the request's sweep does not
// wait for it; a newer request cancels it between values.
func (m *Model) runCmd(key string, prepared *evalrun.Prepared, s core.Settings, k *core.Knob, baseline *core.Settings) tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	m.runCancel = cancel
	return func() tea.Msg {
		defer cancel()
		sw, err := prepared.Sweep(ctx, s, k)
		if err == nil && baseline != nil {
			sw.Baseline = k.Get(*baseline).Number(k.Kind)
		}
		return RunSweptMsg{key: key, run: sw, err: err}
	}
}

// applyRun installs a run's sweep still wanted; a failure other than a
// cancel goes to the status line.
func (m Model) applyRun(msg RunSweptMsg) (Model, Outcome) {
	if msg.key != m.want {
		return m, Outcome{}
	}
	if msg.err != nil {
		if !errors.Is(msg.err, context.Canceled) {
			return m, Outcome{Status: "the sweep over the run failed: " + safetext.Line(msg.err.Error())}
		}
		return m, Outcome{}
	}
	m.run = msg.run
	return m, Outcome{Drawn: true}
}

// writeRunSweep draws the run's aggregate across the knob's values:
// context recall and tokens used as sparklines, the current value and
// the baseline marked, then the current point against the baseline's
// (or the two ends against the current one) in words.
func writeRunSweep(b *strings.Builder, st *themes.Styles, sw *evalrun.AggregateSweep, w, label int) {
	cur := sw.Points[sw.CurrentIndex()].Figures
	fmt.Fprintf(b, "%s\n", st.Accent.Render("Over the run's "+numfmt.Count(cur.Queries, "query", "queries")))
	series := []struct {
		name        string
		unit, units string
		values      func(evalrun.Figures) float64
	}{
		{"context recall", "", "", func(f evalrun.Figures) float64 { return f.ContextRecall }},
		{"relevant lost", "document", "documents", func(f evalrun.Figures) float64 { return float64(f.RelevantLostTotal()) }},
		{"tokens used", "token", "tokens", func(f evalrun.Figures) float64 { return float64(f.TokensUsed) }},
	}
	cellOf := func(i int) int { return i }
	cells := 0
	values := make([][]float64, len(series))
	ranges := make([]string, len(series))
	for n, s := range series {
		values[n] = make([]float64, len(sw.Points))
		for i, p := range sw.Points {
			values[n][i] = s.values(p.Figures)
		}
		ranges[n] = seriesRange(sweep.Series{Values: values[n], Unit: s.unit, Units: s.units})
	}
	for n, s := range series {
		var resampled []float64
		resampled, cellOf = sparkline.Resample(values[n], barsWidth(w, label, ranges))
		cells = len(resampled)
		fmt.Fprintf(b, "%-*s%s  %s\n", label, s.name, string(sparkline.Bars(resampled)), ranges[n])
	}
	marks := []rune(strings.Repeat(" ", cells))
	if bi := sw.BaselineIndex(); bi >= 0 {
		marks[cellOf(bi)] = 'B'
	}
	marks[cellOf(sw.CurrentIndex())] = '▲'
	fmt.Fprintf(b, "%-*s%s\n", label, "", st.Alert.Render(string(marks)))
	k := sw.Knob
	if bi := sw.BaselineIndex(); bi >= 0 && bi != sw.CurrentIndex() {
		change := evalrun.FiguresChange{Baseline: sw.Points[bi].Figures, Now: cur}
		b.WriteString(st.Changed.Render(draw.Truncate("against the baseline "+sweepValue(k, sw.Baseline)+": "+change.Words("at "+sweepValue(k, sw.Current)), w)) + "\n")
	}
	for _, i := range []int{0, len(sw.Points) - 1} {
		if i == sw.CurrentIndex() {
			continue
		}
		change := evalrun.FiguresChange{Baseline: cur, Now: sw.Points[i].Figures}
		b.WriteString(st.Muted.Render(draw.Truncate(change.Words("at "+sweepValue(k, sw.Points[i].Value)), w)) + "\n")
	}
	b.WriteString("\n")
}
