package tui

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/evalrun"
	"ctxlab/core/metrics"
	"ctxlab/core/pipeline"
	"ctxlab/core/summarize"
	"ctxlab/core/tokens"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/themes"
	"ctxlab/tui/controls"
	"ctxlab/tui/diagnosis"
	"ctxlab/tui/doclist"
	"ctxlab/tui/evalview"
	"ctxlab/tui/filter"
	"ctxlab/tui/fixes"
	"ctxlab/tui/rows"
	"ctxlab/tui/space"
	"ctxlab/tui/sweepview"
	"ctxlab/tui/timeline"
	"ctxlab/tui/tokenview"
)

// Config is what the workbench opens on.
type Config struct {
	Scenario *core.Scenario
	// Presets are the presets the preset control offers: the built-in
	// ones plus a budget file's.
	Presets window.PresetSet
	// Theme is a theme name; "" picks one from NO_COLOR and the terminal
	// background.
	Theme          string
	NoColor        bool
	DarkBackground bool
	// Summarizer folds history for the rolling summary; nil means the
	// extractive one.
	Summarizer summarize.Summarizer
	// SummarizerFallbacks lists the LLM summarizer's failures so far, each
	// answered by the extractive summary; the Memory view shows them.
	SummarizerFallbacks func() []string
	// ExportDir is where exports are written.
	ExportDir string
	// Now is the clock, replaceable in tests.
	Now func() time.Time
	// Clipboard writes text to the clipboard (OSC 52 in the real program).
	Clipboard func(text string) error
	// InputTTY reads keys from the terminal device instead of stdin, for
	// documents piped on stdin.
	InputTTY bool
	// WriteScenario writes settings and inputs as a scenario file that
	// ctxlab can load again, for export, without holding it whole.
	WriteScenario func(w io.Writer, sc *core.Scenario, s core.Settings) error
	// WriteHTMLReport, when set, writes the evaluation as the HTML page
	// ctxlab report writes; each export adds it as report.html (as
	// turn.html beside a trajectory's page, TrajectoryConfig).
	WriteHTMLReport func(w io.Writer, sc *core.Scenario, ev *core.Evaluation) error
	// RequestID labels the metrics record; "" numbers each evaluation
	// (ctxlab-1, ctxlab-2, …).
	RequestID string
	// MetricsOut, when set, is a JSONL file each export appends the
	// current ContextMetrics record to with AppendMetrics, as ctxlab
	// assemble --metrics-out does (metricslog.Append).
	MetricsOut    string
	AppendMetrics func(path string, m metrics.ContextMetrics) (alert string, err error)
	// Eval is a retrieval run of many queries, prepared; the workbench
	// then opens on its Eval view, named EvalName, and Scenario is what
	// each of its queries opens as, with the query's documents.
	Eval     *evalrun.Prepared
	EvalName string
	// Prices price the request in the header and the Compare view; nil
	// Prices means the bundled table.
	Prices tokens.PriceTable
	// Trajectory is an agent's trajectory: the workbench opens on its
	// Timeline view, and Scenario is its turn Trajectory.Start.
	Trajectory *TrajectoryConfig
	// Inputs, when set, brings the inputs read again each time one of
	// their files changes (ctxlab --watch; input_watch.go).
	Inputs <-chan InputsMsg
}

// view is what the main area shows.
type view int

const (
	viewDocuments view = iota
	viewOrdering
	viewContext
	viewMemory
	viewMetrics
	viewSpace
	viewTimeline
	viewDiagnosis
	viewSweep
	viewCompare
)

var viewNames = []string{"Documents", "Ordering", "Context", "Memory", "Metrics", "Space", "Timeline", "Diagnosis", "Sweep", "Compare"}

// viewKeys are the keys that open each view, as its title shows them:
// the numbered views in order, then the Diagnosis view on d, the Sweep
// view on w and the Compare view on v (versus), which are named by what
// they do rather than by their place.
var viewKeys = []string{"1", "2", "3", "4", "5", "6", "7", "d", "w", "v"}

// pane is what has the keyboard.
type pane int

const (
	paneList pane = iota
	paneInspector
	paneControls
)

// Model is the root model: layout, focus, the current settings and the
// latest evaluation. It routes each message to the pane it concerns;
// each pane owns its state and its keys, and renders what it is given.
type Model struct {
	cfg      Config
	analysis *pipeline.Analysis
	// docBytes is the documents' total size, to tell whether counting
	// them can happen inline (package tui/tokenview).
	docBytes int
	// pending names the tokenizer whose counts the evaluation shown
	// stands in for with the heuristic, "" when its counts are exact;
	// counting is the background job making them, with its progress as
	// of the last tick.
	pending  string
	counting tokenview.Counter
	// preloaded: the other vocabularies' background load has started.
	preloaded bool
	// texts keeps the findings' words and compared pairs between
	// evaluations of the scenario's documents.
	texts    *diagnose.Texts
	settings core.Settings
	initial  core.Settings

	eval *core.Evaluation
	// sent are the Budget list's fates after the assembler, counted once
	// per evaluation for the strip rather than on every frame.
	sent    rows.Fates
	evalErr error
	gen     int // generation of the newest requested evaluation
	shown   int // generation of eval
	busy    bool
	// cancelEval stops the evaluation in flight when a newer one starts,
	// so a slow LLM summary for a setting already left is not waited on.
	cancelEval context.CancelFunc
	// summaryCall is the generation whose evaluation is waiting for the
	// LLM (0 when none is): esc cancels that call.
	summaryCall int
	// summaryStandIn: the user cancelled a model call, and the extractive
	// summary stands in for the model's until a setting changes;
	// shownStandIn says the evaluation on screen used it.
	summaryStandIn, shownStandIn bool
	// firstEvaluation is the command New prepared for Init, which cannot
	// change the model.
	firstEvaluation tea.Cmd
	changed         map[int]bool // documents whose fate changed with the last knob
	sweeps          sweepview.Model
	// baseline is the evaluation pinned to compare with (p), nil when
	// none; comparison is eval against it.
	baseline   *core.Evaluation
	comparison *core.Comparison
	// versus is how each document's fate changed against the baseline,
	// by input index: the list's marks (package tui/doclist).
	versus map[int]core.DocumentChangeKind
	// tokenView shows the inspector's and the Context view's text as
	// tokens (T).
	tokenView bool

	width, height int
	palette       themes.Palette
	styles        *themes.Styles
	themeID       int

	view  view
	focus pane
	wide  bool // inspector beside the list

	list      doclist.Model
	inspector inspectorPane
	views     viewsPane
	space     space.Model
	diagnosis diagnosis.Pane
	controls  controls.Strip
	filter    filter.Pane
	fixes     fixes.Pane
	// evalView is the Eval view of Config.Eval; evalOpen says it has the
	// main area.
	evalView evalview.Model
	evalOpen bool
	// timeline is the Timeline view of Config.Trajectory.
	timeline timeline.Model
	status   statusLine
	watch    inputWatch
	help     help.Model
	global   globalKeys
	// started is when the workbench opened, for metrics request ids.
	started time.Time
}

// New builds the workbench for cfg. The first evaluation starts in Init.
func New(cfg Config) Model {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Presets == nil {
		cfg.Presets = window.BuiltinPresets()
	}
	if cfg.Prices.Prices == nil {
		cfg.Prices = tokens.DefaultPrices()
	}
	if cfg.ExportDir == "" {
		cfg.ExportDir = "."
	}
	if t := cfg.Trajectory; t != nil {
		cfg.Scenario = turnScenario(cfg.Scenario, t.Start, len(t.Trajectory.Turns))
	}
	base := cfg.Scenario
	if cfg.Eval != nil && len(cfg.Eval.Set.Queries) > 0 {
		// The other views start on the run's first query.
		cfg.Scenario = evalview.QueryScenario(base, cfg.Eval.Set.Queries[0])
	}
	palette := themes.Default(cfg.NoColor, cfg.DarkBackground)
	if p, ok := themes.ByName(cfg.Theme); ok {
		palette = p
	}
	m := Model{
		cfg:       cfg,
		analysis:  pipeline.Analyze(cfg.Scenario.Documents),
		settings:  cfg.Scenario.Settings,
		initial:   cfg.Scenario.Settings,
		palette:   palette,
		styles:    themes.New(palette),
		list:      doclist.New(),
		inspector: newInspectorPane(),
		views:     newViewsPane(),
		space:     newSpacePane(),
		diagnosis: diagnosis.New(),
		controls:  controls.New(cfg.Presets, cfg.Scenario.Agent.StepNames(), cfg.Scenario.Settings, len(cfg.Scenario.Documents) > 0),
		filter:    filter.New(),
		fixes:     fixes.New(),
		evalView:  evalview.New(cfg.Eval, cfg.EvalName, base),
		help:      help.New(),
		global:    newGlobalKeys(),
		started:   cfg.Now(),
		gen:       1, // the first evaluation, started by Init
		busy:      true,
		width:     120,
		height:    40,
	}
	m.useDocuments(cfg.Scenario.Documents)
	m.applyHelpStyles()
	if len(cfg.Scenario.Documents) == 0 {
		// An imported request has no documents: open on the messages.
		m.view, m.focus = viewContext, paneInspector
	}
	if notes := cfg.Scenario.Notes; len(notes) > 0 {
		if len(notes) == 1 {
			m.status.set(notes[0] + " (see 5 Metrics)")
		} else {
			m.status.set(fmt.Sprintf("%s (%s notes in 5 Metrics)", notes[0], numfmt.Thousands(len(notes))))
		}
	}
	m.firstEvaluation = m.evaluationCmd()
	if t := cfg.Trajectory; t != nil {
		m.timeline = timeline.New(&t.Source, t.Start)
		m.view, m.focus = viewTimeline, paneInspector
		m.firstEvaluation = tea.Batch(m.firstEvaluation, m.timeline.ReplayCmd())
	}
	if cfg.Eval != nil {
		m.firstEvaluation = tea.Batch(m.firstEvaluation, m.evalView.RunCmd(m.settings))
		m.evalOpen, m.focus = true, paneInspector
	}
	return m
}

// Init starts the first evaluation. The other BPE vocabularies load after
// it, in the background, so they do not compete with the first picture
// and a later switch of tokenizer does not stall.
func (m Model) Init() tea.Cmd {
	return tea.Batch(m.firstEvaluation, m.status.expiry(0), waitInputs(m.cfg.Inputs))
}
