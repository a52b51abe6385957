package tui

import (
	"fmt"
	"os"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"ctxlab/core"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
	"ctxlab/tui/picker"
	"ctxlab/tui/term"
)

// Traces is what the trace picker lists and how it opens what is chosen.
type Traces struct {
	// Name is the traces file as the picker's title names it.
	Name   string
	Traces []picker.Trace
	// OpenSpan opens a span of a trace: an LLM span as the request, as
	// --request FILE --span-id ID opens it, a retrieval span as its
	// documents and query; the scenario's settings are those to start
	// with.
	OpenSpan func(traceID string, span picker.Span) (*core.Scenario, error)
	// OpenTrace opens a trace as a trajectory: its LLM spans are the
	// turns of the Timeline view, and the scenario the turn it starts on.
	OpenTrace func(traceID string) (*core.Scenario, *TrajectoryConfig, error)
}

// backToPicker is the key that leaves the workbench for the picker.
const backToPicker = "O"

// tracesModel is the workbench opened on a trace picker: the picker
// until a span or trace is opened, then the workbench on it, with o back
// to the picker.
type tracesModel struct {
	cfg    Config
	traces Traces
	picker picker.Model
	styles *themes.Styles
	paint  bool
	bench  *Model
	// gen is the newest evaluation generation a workbench opened here
	// has used: the next starts above it, so a result still on its way
	// from the one closed is never taken for the new one's.
	gen           int
	width, height int
}

// NewTraces makes the trace picker's model; cfg is the workbench's,
// its Scenario replaced by each span opened.
func NewTraces(cfg Config, traces Traces) tea.Model {
	palette := themes.Default(cfg.NoColor, cfg.DarkBackground)
	if p, ok := themes.ByName(cfg.Theme); ok {
		palette = p
	}
	p := picker.New(traces.Name, traces.Traces)
	return tracesModel{cfg: cfg, traces: traces, picker: p, styles: themes.New(palette),
		paint: palette.Background != "" && palette.DarkBackground != cfg.DarkBackground, width: 80, height: 24}
}

// RunTraces opens the trace picker on the terminal and returns when the
// user quits.
func RunTraces(cfg Config, traces Traces) error {
	if cfg.Clipboard == nil {
		cfg.Clipboard = terminalClipboard()
	}
	lipgloss.SetDefaultRenderer(lipgloss.NewRenderer(os.Stdout, termenv.WithTTY(true)))
	if !cfg.NoColor {
		cfg.DarkBackground = lipgloss.HasDarkBackground()
	}
	opts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithoutSignalHandler()}
	if cfg.InputTTY {
		opts = append(opts, tea.WithInputTTY())
	}
	return term.Run(NewTraces(cfg, traces), opts...)
}

func (t tracesModel) Init() tea.Cmd { return nil }

func (t tracesModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		t.width, t.height = msg.Width, msg.Height
		t.picker.SetSize(msg.Width, msg.Height)
	case picker.FilteredMsg:
		var cmd tea.Cmd
		t.picker, cmd = t.picker.Update(msg)
		return t, cmd
	case picker.OpenSpanMsg:
		return t.open(msg.TraceID, msg.Span)
	case picker.OpenTraceMsg:
		if t.traces.OpenTrace == nil {
			t.picker.Status = "this workbench cannot open a trace as a trajectory"
			return t, nil
		}
		sc, traj, err := t.traces.OpenTrace(msg.Trace.ID)
		if err != nil {
			t.picker.Status = "cannot open trace " + msg.Trace.ID + ": " + safetext.Line(err.Error())
			return t, nil
		}
		return t.start(sc, traj, fmt.Sprintf("trace %s, %d LLM calls as turns", msg.Trace.ID, len(msg.Trace.LLM)))
	}
	if t.bench != nil {
		if k, ok := msg.(tea.KeyMsg); ok && k.String() == backToPicker && !t.bench.typing() {
			t.close()
			return t, nil
		}
		next, cmd := t.bench.Update(msg)
		nm := next.(Model)
		t.bench = &nm
		t.gen = max(t.gen, nm.gen)
		return t, cmd
	}
	var cmd tea.Cmd
	t.picker, cmd = t.picker.Update(msg)
	return t, cmd
}

// close leaves the workbench for the picker, its evaluation in flight
// stopped.
func (t *tracesModel) close() {
	if t.bench.cancelEval != nil {
		t.bench.cancelEval()
	}
	t.bench = nil
	t.picker.Status = ""
}

// open opens a span in the workbench: an LLM span as its request, a
// retrieval span as its documents and query.
func (t tracesModel) open(traceID string, span picker.Span) (tea.Model, tea.Cmd) {
	sc, err := t.traces.OpenSpan(traceID, span)
	if err != nil {
		t.picker.Status = "cannot open span " + span.ID + ": " + safetext.Line(err.Error())
		return t, nil
	}
	what := "span " + span.ID
	if span.Retrieval {
		what = "retrieval span " + span.ID
	}
	return t.start(sc, nil, what)
}

// start opens the workbench on sc (and on a trajectory's Timeline view
// when traj is given); what says what was opened.
func (t tracesModel) start(sc *core.Scenario, traj *TrajectoryConfig, what string) (tea.Model, tea.Cmd) {
	cfg := t.cfg
	cfg.Scenario = sc
	cfg.Trajectory = traj
	nm := New(cfg)
	// Its first evaluation is numbered above every earlier workbench's.
	nm.cancelEval()
	nm.gen = t.gen + 1
	t.gen = nm.gen
	nm.firstEvaluation = nm.evaluationCmd()
	if traj != nil {
		nm.firstEvaluation = tea.Batch(nm.firstEvaluation, nm.timeline.ReplayCmd())
	}
	nm.width, nm.height = t.width, t.height
	nm.layoutPanes()
	nm.status.set(safetext.Line(what) + " · " + backToPicker + " returns to the traces")
	t.bench = &nm
	return t, nm.Init()
}

func (t tracesModel) View() string {
	if t.bench != nil {
		return t.bench.View()
	}
	frame := t.picker.View(t.styles)
	if t.width < minWidth || t.height < minHeight {
		frame = tooSmall(t.width, t.height)
	}
	if !t.paint {
		return frame
	}
	if missing := t.height - (strings.Count(frame, "\n") + 1); missing > 0 {
		frame += strings.Repeat("\n", missing)
	}
	return draw.PaintBackground(frame, t.styles.Palette.Text, t.styles.Palette.Background, t.width)
}
