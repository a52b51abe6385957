package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"ctxlab/core"
	"ctxlab/core/evalrun"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/evalinput"
	"ctxlab/loaders/metricslog"
	"ctxlab/loaders/scenario"
	"ctxlab/themes"
	"ctxlab/tui"
)

const workbenchUsage = `
ctxlab opens the workbench: every stage of the context pipeline on screen,
every knob live. With no input it opens the bundled sample scenario.

Usage:
  ctxlab [SCENARIO.yaml] [options]
  ctxlab --scenario FILE | --request FILE [--interaction N] [options]
  ctxlab --docs FILE [--history FILE] [--query TEXT] [options]
  ctxlab --request TRACES --span-id ID [--logs FILE] [options]   an LLM span of an OTLP JSON trace file
  ctxlab --docs TRACES --span-id ID [options]                    a retrieval span's documents and query
  ctxlab --traces TRACES [--logs FILE] [options]                 the trace picker (so does --request TRACES alone)
  ctxlab --trajectory TRACES [--trace-id ID] [--logs FILE]       a trace as a trajectory: the Timeline view
  ctxlab --run FILE [--corpus FILE --queries FILE] [--qrels FILE] [SCENARIO.yaml] [options]
  ctxlab --trajectory FILE|DIR|- [options]  an agent's requests turn by turn: the Timeline view
  ctxlab SCENARIO.yaml                a scenario with an eval: key opens its run too
  ctxlab --scenario FILE --watch      read the inputs again each time one is saved
  COMMAND | ctxlab [options]          documents piped on stdin

  Every option of ctxlab build and ctxlab assemble is also accepted here and
  sets the starting value of its control. Keys: ? in the workbench.
  With --run (the retrieval run ctxlab eval takes) it opens on the Eval
  view: every query's context recall and losses, recomputed as knobs
  turn; enter opens a query as the scenario (an empty request, documents
  and query only, when none is named) with the query's documents and
  text, and a returns.
  The workbench needs a terminal; for scripts and CI use ctxlab build or
  ctxlab assemble.
`

type workbenchFlags struct {
	assemble   assembleFlags
	eval       evalinput.Files
	theme      string
	requestID  string
	metricsOut string
	// strictQrels is eval's --strict-qrels for the workbench's run.
	strictQrels bool
	traces      workbenchTraces
	// watch reads the inputs again each time one of their files changes.
	watch bool
}

// headlessOnlyFlags shape what build and assemble print; the workbench
// draws instead, so naming one gets an explanation, not "not defined".
var headlessOnlyFlags = map[string]string{
	"format":  "--format shapes what ctxlab build and ctxlab assemble print; the workbench draws on the terminal (press e in it to export messages.json, scenario.yaml, report.txt and report.html)",
	"full":    "--full shapes what ctxlab assemble prints; the workbench's Context view (3) shows every message (the first 256 KB of a long one) and its Space view (6) every item",
	"suggest": "--suggest adds fixes to what ctxlab assemble prints; in the workbench, press f to preview them and enter to apply one",
}

func runWorkbench(env Env, args []string) error {
	var f workbenchFlags
	fs := newWorkbenchFlagSet(env, &f)
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		if err := checkScenarioArgument(args[0]); err != nil {
			return err
		}
		args = append([]string{"--scenario", args[0]}, args[1:]...)
	} else {
		args = scenarioNamedLast(fs, args)
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := f.traces.check(fs, &f); err != nil {
		return err
	}
	if !env.StdoutIsTTY {
		return fmt.Errorf("the workbench needs a terminal, and stdout is not one; for scripts use `ctxlab build --docs FILE` or `ctxlab assemble` (ctxlab --help lists the commands)")
	}
	if f.metricsOut != "" {
		// Fail now rather than at the first export, with the screen taken.
		if err := metricslog.Check(f.metricsOut); err != nil {
			return fmt.Errorf("--metrics-out %w", err)
		}
	}
	if f.theme != "" {
		if _, ok := themes.ByName(f.theme); !ok {
			return fmt.Errorf("--theme %s: expected one of %s", quoted(f.theme), strings.Join(themes.Names(), ", "))
		}
	}
	a := &f.assemble
	pipedDocs := false
	if a.docs.path == "" && a.scenario == "" && a.request == "" && f.eval.Run == "" && f.traces.traces == "" && f.traces.trajectory == "" && !env.StdinIsTTY {
		a.docs.path, pipedDocs = "-", true
	}
	if f.watch {
		if err := f.checkWatch(pipedDocs); err != nil {
			return err
		}
	}
	traces, err := f.traces.picker(env, fs, a)
	if err != nil {
		return err
	}
	var run *assembleRun
	var traj *tui.TrajectoryConfig
	if f.traces.trajectory != "" {
		run, traj, err = f.prepareTrajectory(env, fs, f.traces.source())
	} else {
		run, err = f.prepareInput(env, fs)
	}
	if err != nil {
		return err
	}
	presets, err := presetSet(a.budgetFile)
	if err != nil {
		return err
	}
	// No circuit breaker here: the workbench lives long, and an endpoint
	// that failed once (a model still loading, a 429) may answer the next
	// fold.
	sum, err := a.llm.build(env, fs, false)
	if err != nil {
		return err
	}
	if traj != nil {
		// compact's summaries in the Timeline view: the model's when
		// --summarizer llm asks for it.
		traj.Source.Options.Summarizer = sum.Summarizer
	}
	sc := *run.scenario
	sc.Settings = run.settings
	if f.eval.Run == "" && sc.EvalRun.Run != "" {
		f.eval = evalinput.Files(sc.EvalRun)
	}
	prepared, err := f.loadEval(env)
	if err != nil {
		return err
	}
	inputs, stopWatch, err := f.startWatch(env, fs)
	if err != nil {
		return err
	}
	defer stopWatch()
	cwd, _ := os.Getwd()
	cfg := tui.Config{
		Scenario:   &sc,
		Presets:    presets,
		Theme:      f.theme,
		NoColor:    env.Getenv != nil && env.Getenv("NO_COLOR") != "",
		Summarizer: sum.Summarizer,
		SummarizerFallbacks: func() []string {
			return sum.Fallbacks.Lines()
		},
		ExportDir:     cwd,
		WriteScenario: scenario.Write,
		WriteHTMLReport: func(w io.Writer, sc *core.Scenario, ev *core.Evaluation) error {
			return writeWorkbenchHTMLReport(w, sc, ev, run.prices)
		},
		InputTTY:      pipedDocs || !env.StdinIsTTY,
		RequestID:     f.requestID,
		MetricsOut:    f.metricsOut,
		AppendMetrics: metricslog.Append,
		Eval:          prepared,
		EvalName:      relativePath(f.eval.Run),
		Prices:        run.prices,
		Trajectory:    traj,
		Inputs:        inputs,
	}
	if traces != nil {
		// A trace opened from the picker is a trajectory on the Timeline
		// view, replayed as --trajectory FILE --trace-id ID would be.
		traces.OpenTrace = func(traceID string) (*core.Scenario, *tui.TrajectoryConfig, error) {
			src := f.traces.source()
			src.Path, src.TraceID = f.traces.traces, traceID
			run, traj, err := f.prepareTrajectory(env, fs, src)
			if err != nil {
				return nil, nil, err
			}
			traj.Source.Options.Summarizer = sum.Summarizer
			sc := *run.scenario
			sc.Settings = run.settings
			return &sc, traj, nil
		}
		err = tui.RunTraces(cfg, *traces)
	} else {
		err = tui.Run(cfg)
	}
	// The workbench owns the screen while it runs, so the LLM's failures
	// (each answered by the extractive summary) are told once it closes.
	for _, line := range sum.Fallbacks.Lines() {
		fmt.Fprintln(env.Stderr, safetext.Line(line))
	}
	var crashed *tui.CrashError
	if errors.As(err, &crashed) {
		fmt.Fprint(env.Stderr, crashed.Report())
		return &exitError{code: crashed.ExitCode()}
	}
	var closed *tui.SignalError
	if errors.As(err, &closed) {
		// The shell's convention for a process a signal ended.
		return &exitError{code: closed.ExitCode()}
	}
	return err
}

func newWorkbenchFlagSet(env Env, f *workbenchFlags) *flagSet {
	fs := newFlagSet(env, "ctxlab", workbenchUsage)
	// An output option of build or assemble gets what it is for and what
	// to use here, rather than "unknown option".
	fs.explainUnknown = func(name string) (string, bool) {
		why, ok := headlessOnlyFlags[name]
		return why, ok
	}
	f.assemble.register(fs) // --docs, --doc-format, --per-paragraph and --history among them
	fs.StringVar(&f.requestID, "request-id", "", "request id in the metrics record (default: ctxlab-, the session's start time and the evaluation's number)")
	fs.StringVar(&f.metricsOut, "metrics-out", "", "each export (e) also appends the current ContextMetrics as one JSON line to FILE")
	fs.StringVar(&f.eval.Run, "run", "", "a retrieval run to evaluate, as ctxlab eval takes it: opens on the Eval view of every query")
	fs.StringVar(&f.eval.Corpus, "corpus", "", "with --run: the documents a TREC run names (BEIR's corpus.jsonl)")
	fs.StringVar(&f.eval.Queries, "queries", "", "with --run: the queries' text (BEIR's queries.jsonl)")
	fs.StringVar(&f.eval.Qrels, "qrels", "", "with --run: relevance judgments, TREC qrels or BEIR's qrels TSV")
	fs.BoolVar(&f.strictQrels, "strict-qrels", false, "with --run: "+strictQrelsHelp)
	f.traces.register(fs)
	fs.BoolVar(&f.watch, "watch", false, "read the inputs again each time one of their files changes (saved, replaced, or a document added to a --docs folder or the scenario's), keeping the settings as turned and the pinned baseline; the status line says what came and went")
	fs.StringVar(&f.theme, "theme", "", "colour theme: "+strings.Join(themes.Names(), ", ")+" (default: follows NO_COLOR and the terminal background)")
	return fs
}

// prepareInput checks and loads the inputs as assemble does. A run alone
// opens on an empty request: its queries bring documents and text, and
// the bundled sample's chat, tools and tool results would be glued onto
// every one.
func (f *workbenchFlags) prepareInput(env Env, fs *flagSet) (*assembleRun, error) {
	f.assemble.emptyByDefault = f.eval.Run != ""
	return prepareAssembly(env, fs, &f.assemble)
}

// evalKeepFloor is the least the workbench lets a run's kept analyses
// take (evalrun.PrepareWithin): a run of a few MB keeps them and answers
// a knob change from them, whatever its files' size.
const evalKeepFloor = 32 << 20

// loadEval loads and prepares the retrieval run, when one is given. The
// run's analyses are kept between runs only while estimated at most the
// run's files' size (and evalKeepFloor): kept, those of a 69 MB TREC
// run of 2,000 queries x 1,000 documents took the workbench to 6.9 times
// its size; past that each run analyzes every query again.
func (f *workbenchFlags) loadEval(env Env) (*evalrun.Prepared, error) {
	if f.eval.Run == "" {
		if f.eval.Corpus != "" || f.eval.Queries != "" || f.eval.Qrels != "" {
			return nil, errors.New("--corpus, --queries and --qrels go with --run, the retrieval run they describe")
		}
		return nil, nil
	}
	set, err := evalinput.LoadWith(f.eval, evalLoadOptions(env, f.strictQrels))
	if err != nil {
		return nil, err
	}
	if len(set.Queries) == 0 {
		return nil, fmt.Errorf("%s holds no query", f.eval.Run)
	}
	return evalrun.PrepareWithin(set, evalKeepBudget(f.eval)), nil
}

// evalKeepBudget is what a run's kept analyses may take: its files'
// size, or evalKeepFloor for a smaller run.
func evalKeepBudget(files evalinput.Files) int64 {
	return max(evalKeepFloor, evalFilesBytes(files))
}

// evalFilesBytes is the size of a run's regular files.
func evalFilesBytes(files evalinput.Files) int64 {
	total := int64(0)
	for _, path := range []string{files.Run, files.Corpus, files.Queries, files.Qrels} {
		if info, err := os.Stat(path); path != "" && err == nil && info.Mode().IsRegular() {
			total += info.Size()
		}
	}
	return total
}

// checkScenarioArgument catches the easy mistake of naming a document set
// or a request where a scenario goes, before YAML parsing gives an
// unhelpful error about it.
// scenarioNamedLast takes a scenario file named after the options
// (ctxlab --theme light s.yaml) as if it came first: flag parsing stops
// at the first argument that is not an option, so it was refused as
// "unexpected argument". It must end in .yaml or .yml, not be the value
// of the option before it, and come with no --scenario.
func scenarioNamedLast(fs *flagSet, args []string) []string {
	n := len(args)
	if n < 2 || strings.HasPrefix(args[n-1], "-") || slices.ContainsFunc(args, func(a string) bool { return a == "--scenario" || strings.HasPrefix(a, "--scenario=") }) {
		return args
	}
	if ext := strings.ToLower(filepath.Ext(args[n-1])); ext != ".yaml" && ext != ".yml" {
		return args
	}
	if prev := args[n-2]; strings.HasPrefix(prev, "-") && !strings.Contains(prev, "=") {
		name := strings.TrimLeft(prev, "-")
		if f := fs.Lookup(name); f != nil {
			if b, isBool := f.Value.(interface{ IsBoolFlag() bool }); !isBool || !b.IsBoolFlag() {
				return args // the value of the option before it
			}
		}
	}
	return append([]string{"--scenario", args[n-1]}, args[:n-1]...)
}

func checkScenarioArgument(path string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".yaml", ".yml":
		return nil
	case ".json":
		return fmt.Errorf("%s: a scenario is a YAML file; for documents use ctxlab --docs %s, for an API request ctxlab --request %s", path, path, path)
	case ".jsonl", ".csv", ".md", ".txt":
		return fmt.Errorf("%s: a scenario is a YAML file; to open documents use ctxlab --docs %s", path, path)
	}
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return fmt.Errorf("%s is a directory; to open its .md/.txt files as documents use ctxlab --docs %s", path, path)
	}
	return nil
}
