package sweepview

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/evalrun"
	"ctxlab/core/sweep"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/internal/sparkline"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// SparkCells is the width of the sparkline beside a swept control.
const SparkCells = 17

// Model is the sweep the workbench shows: beside the selected control
// when the strip has the keyboard and the control can be swept, and in
// full in the Sweep view. It is computed in a command from the
// evaluation on screen and its analysis's caches.
type Model struct {
	want  string // knob id and generation last requested
	have  string // what sweep was computed for
	sweep *sweep.Sweep
	err   error
	// knob is the knob the Sweep view shows when the strip does not
	// choose one: the last swept, the dedup threshold at first.
	knob *core.Knob
	// baseline is the settings pinned as the baseline, nil when none is.
	baseline *core.Settings
	// run is the same knob swept over a loaded retrieval run's aggregate,
	// for the Sweep view; nil without a run or until it is computed
	// (run.go). runCancel stops the one in flight.
	run       *evalrun.AggregateSweep
	runCancel context.CancelFunc
}

// SweptMsg carries a sweep back to Update.
type SweptMsg struct {
	key   string
	sweep *sweep.Sweep
	err   error
}

// Request is what the workbench shows now, which says the sweep wanted.
type Request struct {
	// Control is the knob of the control the strip has selected while
	// it has the keyboard, nil otherwise; a knob that cannot be swept
	// asks for no sweep.
	Control *core.Knob
	// View says the Sweep view is on screen.
	View bool
	// Eval is the evaluation on screen, Gen its generation; Run a loaded
	// retrieval run, swept too while the Sweep view is on screen.
	Eval *core.Evaluation
	Gen  int
	Run  *evalrun.Prepared
}

// knobFor is the knob a sweep is wanted for now, or nil.
func (m *Model) knobFor(r Request) *core.Knob {
	if k := r.Control; k != nil && k.Sweep != nil {
		return k
	}
	if !r.View {
		return nil
	}
	if m.knob == nil {
		m.knob = core.KnobByID("dedup")
	}
	return m.knob
}

// Cmd asks for the sweep r wants unless it is already requested: the
// evaluation's in one command and, in the Sweep view, the run's in
// another.
func (m *Model) Cmd(r Request) tea.Cmd {
	k := m.knobFor(r)
	if k == nil || r.Eval == nil {
		return nil
	}
	// The baseline is in the key: pinning one asks for the sweep again.
	key := fmt.Sprintf("%s/%d", k.ID, r.Gen)
	if m.baseline != nil {
		key += "/" + k.FormatValue(k.Get(*m.baseline))
	}
	if key == m.want {
		return nil
	}
	// The Sweep view sweeps a loaded run's aggregate too.
	prepared := r.Run
	if !r.View {
		prepared = nil
	}
	if prepared != nil {
		key += "/run"
		if key == m.want {
			return nil
		}
	}
	m.want = key
	m.knob = k
	ev := r.Eval
	baseline := m.baseline
	one := func() tea.Msg {
		sw, err := sweep.Evaluation(ev, k)
		if err == nil && baseline != nil {
			sw.Baseline = k.Get(*baseline).Number(k.Kind)
		}
		return SweptMsg{key: key, sweep: sw, err: err}
	}
	m.run = nil
	if m.runCancel != nil {
		m.runCancel()
		m.runCancel = nil
	}
	if prepared == nil {
		return one
	}
	return tea.Batch(one, m.runCmd(key, prepared, ev.Settings, k, baseline))
}

// SetBaseline gives the sweeps the pinned settings (nil: none); the next
// Cmd asks for them again, so the sparkline and the Sweep view mark it.
func (m *Model) SetBaseline(s *core.Settings) {
	m.baseline = s
	m.want = ""
}

// Outcome is what a message changed, for the workbench to draw again.
type Outcome struct {
	// Drawn says the Sweep view's text changed; Spark that the sparkline
	// beside the control did (Spark gives it).
	Drawn, Spark bool
	// Status is a failure for the status line, "" for none.
	Status string
}

// Update takes a sweep's message (SweptMsg, RunSweptMsg) if it is still
// wanted.
func (m Model) Update(msg tea.Msg) (Model, Outcome) {
	switch msg := msg.(type) {
	case SweptMsg:
		if msg.key != m.want {
			return m, Outcome{}
		}
		m.have, m.sweep, m.err = msg.key, msg.sweep, msg.err
		return m, Outcome{Drawn: true, Spark: true}
	case RunSweptMsg:
		return m.applyRun(msg)
	}
	return m, Outcome{}
}

// Version names the sweep on screen, for the workbench to know when the
// Sweep view's text must be drawn again (the run's sweep arriving says
// so in its Outcome).
func (m Model) Version() string { return m.have }

// Sweep is the evaluation's sweep, nil until it is computed; Run the
// run's, nil without a run in the Sweep view or until it is computed.
func (m Model) Sweep() *sweep.Sweep          { return m.sweep }
func (m Model) Run() *evalrun.AggregateSweep { return m.run }

// Spark is the sparkline beside the swept control and the control's
// knob id, "" for both when there is none.
func (m Model) Spark(st *themes.Styles) (spark, knob string) {
	if m.sweep == nil || m.err != nil {
		return "", ""
	}
	return controlSpark(st, m.sweep), m.sweep.Knob.ID
}

// controlSpark is the sweep's first series in SparkCells cells after its
// name (bars alone do not say what they measure), the current value's
// cell marked: in colour by the alert style, without colour by a bar of
// its own; the baseline's cell, when one is pinned elsewhere, by the
// accent style or a B.
func controlSpark(st *themes.Styles, sw *sweep.Sweep) string {
	series := sw.Series()[0]
	cells, cellOf := sparkline.Resample(series.Values, SparkCells)
	bars := sparkline.Bars(cells)
	cur, base := cellOf(sw.CurrentIndex()), -1
	if bi := sw.BaselineIndex(); bi >= 0 {
		base = cellOf(bi)
	}
	var b strings.Builder
	b.WriteString(st.Muted.Render(series.Name) + " ")
	for i, r := range bars {
		switch {
		case i == cur && st.Mono:
			b.WriteRune('┃')
		case i == cur:
			b.WriteString(st.Alert.Render(string(r)))
		case i == base && st.Mono:
			b.WriteRune('B')
		case i == base:
			b.WriteString(st.Accent.Render(string(r)))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// View is the Sweep view's text at width w: every measure across the
// knob's range as a sparkline the width of the pane, the current value
// (and the baseline, when one is pinned) marked under it, then the
// table. The workbench's text pane scrolls it.
func (m Model) View(st *themes.Styles, w int) string {
	var b strings.Builder
	switch {
	case m.err != nil:
		return st.Muted.Render(safetext.Line(m.err.Error()))
	case m.sweep == nil:
		return st.Muted.Render("computing the sweep…")
	}
	sw := m.sweep
	k := sw.Knob
	first, last := sw.Points[0].Value, sw.Points[len(sw.Points)-1].Value
	intro := fmt.Sprintf("%s from %s to %s, every other setting as now. Select a control that can be swept (%s) in the strip to sweep it; ▲ marks the current value %s",
		k.Label, sweepValue(k, first), sweepValue(k, last), sweptLabels(), sweepValue(k, sw.Current))
	if bi := sw.BaselineIndex(); bi >= 0 {
		intro += fmt.Sprintf(", B the baseline %s", sweepValue(k, sw.Baseline))
	}
	if cut := sweepCutWords(sw); cut != "" {
		intro += ". " + cut
	}
	// Wrapped to the pane, so a narrow terminal loses no words.
	for i, line := range draw.HangingWrap(intro+".", max(1, w), 0) {
		if i == 0 && strings.HasPrefix(line, k.Label) {
			line = st.Accent.Render(k.Label) + line[len(k.Label):]
		}
		b.WriteString(line + "\n")
	}
	b.WriteString("\n")
	label := 20
	all := sw.Series()
	ranges := make([]string, len(all))
	for i, series := range all {
		ranges[i] = seriesRange(series)
	}
	cells, cellOf := []float64(nil), func(i int) int { return i }
	for i, series := range all {
		cells, cellOf = sparkline.Resample(series.Values, barsWidth(w, label, ranges))
		fmt.Fprintf(&b, "%-*s%s  %s\n", label, series.Name, string(sparkline.Bars(cells)), ranges[i])
	}
	marks := []rune(strings.Repeat(" ", len(cells)))
	if bi := sw.BaselineIndex(); bi >= 0 {
		marks[cellOf(bi)] = 'B'
	}
	marks[cellOf(sw.CurrentIndex())] = '▲'
	fmt.Fprintf(&b, "%-*s%s\n\n", label, "", st.Alert.Render(string(marks)))
	if m.run != nil {
		writeRunSweep(&b, st, m.run, w, label)
	}

	header := []string{k.Label, "kept", "removed", "in block", "tokens", "score sum"}
	if sw.AssemblerCut {
		header = []string{k.Label, "kept", "removed", "in block", "sent", "tokens", "score sum"}
	}
	rows := [][]string{header}
	for _, p := range sw.Points {
		row := []string{sweepValue(k, p.Value), numfmt.Thousands(p.Kept), numfmt.Thousands(p.Duplicates), numfmt.Thousands(p.Sent)}
		if sw.AssemblerCut {
			row = append(row, numfmt.Thousands(p.SentAfterCut))
		}
		rows = append(rows, append(row, numfmt.Thousands(p.TokensUsed), strconv.FormatFloat(p.ScoreSent, 'f', 2, 64)))
	}
	widths := make([]int, len(header))
	for _, r := range rows {
		for c, cell := range r {
			widths[c] = max(widths[c], len(cell))
		}
	}
	cur, base := sw.CurrentIndex(), sw.BaselineIndex()
	for n, r := range rows {
		line := "  "
		switch {
		case n == 0:
		case n-1 == cur:
			line = "▲ "
		case n-1 == base:
			line = "B "
		}
		for c, cell := range r {
			line += strings.Repeat(" ", widths[c]-len(cell)) + cell + "  "
		}
		line = strings.TrimRight(line, " ")
		if n == 0 {
			line = st.Muted.Render(line)
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

func sweepValue(k *core.Knob, v float64) string {
	if k.Kind == core.KnobFloat {
		return strconv.FormatFloat(v, 'f', max(2, k.Decimals), 64)
	}
	return numfmt.Thousands(int(math.Round(v)))
}

// sweepNumber spells a series' bound: whole counts with separators, a
// score sum with two decimals.
func sweepNumber(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return numfmt.Thousands(int(v))
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// seriesRange is a series' bounds and their span in words, "11 to 12,
// range: 1 document", drawn after its sparkline: the bars stretch any
// span to the full height, so a span of one document would otherwise
// look like a cliff.
func seriesRange(series sweep.Series) string {
	lo, hi := minMax(series.Values)
	if lo == hi {
		return sweepNumber(lo) + " throughout"
	}
	bounds := sweepNumber(lo) + " to " + sweepNumber(hi)
	if series.Unit == "" {
		return bounds
	}
	return bounds + ", range: " + numfmt.Count(int(math.Round(hi-lo)), series.Unit, series.Units)
}

// barsWidth is how many cells a chart's sparklines take: what the pane
// leaves after the labels and the widest range, so every range shows.
func barsWidth(w, label int, ranges []string) int {
	widest := 0
	for _, r := range ranges {
		widest = max(widest, utf8.RuneCountInString(r))
	}
	return max(8, w-label-2-widest)
}

func minMax(values []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range values {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

// sweptLabels names the controls that can be swept, from the knob table.
func sweptLabels() string {
	var labels []string
	for _, k := range core.Knobs() {
		if k.Sweep != nil {
			labels = append(labels, k.Label)
		}
	}
	return strings.Join(labels, ", ")
}

// sweepCutWords says what the "in block" and "sent" columns count when
// the request's assembler cuts the pipeline's block to the retrieved
// context's allocation, with the current value's figures, which are the
// strip's "after the assembler" (core's sweep counts them from the same
// cut). Measured as sent, nothing is cut and the table has no "sent".
func sweepCutWords(sw *sweep.Sweep) string {
	if !sw.AssemblerCut {
		return ""
	}
	i := sw.CurrentIndex()
	p := sw.Points[i]
	words := fmt.Sprintf(`"in block" counts the documents in the pipeline's context block; "sent", those the request still carries, whole or cut, once the assembler cuts the block to the %s's allocation: at %s`,
		window.ComponentWords(window.ComponentRAG), sweepValue(sw.Knob, p.Value))
	alloc := numfmt.Thousands(sw.AllocationAt(i))
	if p.SentAfterCut < p.Sent || p.TokensUsed > sw.AllocationAt(i) {
		return words + fmt.Sprintf(" the block's %s tokens are cut to %s, and %s of its %s are sent",
			numfmt.Thousands(p.TokensUsed), alloc, numfmt.Thousands(p.SentAfterCut), numfmt.Count(p.Sent, "document", "documents"))
	}
	return words + fmt.Sprintf(" the block's %s tokens fit its %s and nothing is cut (%s)",
		numfmt.Thousands(p.TokensUsed), alloc, numfmt.Count(p.Sent, "document", "documents"))
}
