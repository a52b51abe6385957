package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	rpt "ctxlab/cli/report"
	htmlreport "ctxlab/cli/report/html"
	"ctxlab/cli/report/markdown"
	"ctxlab/core"
	"ctxlab/core/evalrun"
	"ctxlab/core/tokens"
	"ctxlab/core/trajectory"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/evalinput"
	"ctxlab/loaders/scenario"
)

const reportUsage = `
ctxlab report writes what ctxlab assemble, build and eval find as one
HTML file to share: a person who will not run ctxlab opens it with a
double click, in any browser, with no network and no server. It holds the
verdict and the worst finding in plain words, the window bar and the
component bars, the stage funnel with every document's fate (duplicates
beside their originals, with their similarity), the findings each with
the fixes that clear it and the flags that apply them, what takes the
space, a comparison with a baseline when one is given, and for a
retrieval run (--run) its aggregate and per-query table.

Usage:
  ctxlab report [--scenario FILE | --request FILE [--interaction N] |
                 --docs FILE|DIR|- [--doc-format F] [--per-paragraph] [--history FILE]]
                [--run FILE [--corpus FILE --queries FILE] [--qrels FILE]]
                [--baseline SETTINGS.yaml | --baseline-set NAME=VALUE ...]
                [every option of ctxlab assemble] --out FILE
  ctxlab report --trajectory FILE|DIR [--policy NAME[,NAME...]|all]
                [--window N] [--reserve N] [--model NAME] [--prices FILE]
                [--breakpoints system+last|system|none] [--cache-ttl 5m|1h] --out FILE

  --trajectory reports an agent's conversation as ctxlab replay replays
  it: a timeline of each turn's tokens by component against the window,
  the first turn over it and the prefix the prompt cache serves, and the
  trim policies compared (turns over the window, peak, input, cached
  share, cost).

  The input and the settings are read as ctxlab assemble reads them (with
  no input, the bundled sample); a scenario with an eval: key brings its
  run. --run alone reports the run only.

  --baseline compares the request with the same input assembled under a
  settings file (the settings keys of a scenario file, as ctxlab diff
  takes them, applied to the input's own settings). --baseline-set
  NAME=VALUE (repeatable) compares it with its own settings changed, by a
  setting's flag name: "what would dedup-threshold=0.9 have sent?".

  Without --out the page goes to stdout, unless stdout is a terminal.
  Every text from the input is escaped and the page's security policy lets
  no script but its own run and nothing be fetched, so a document holding
  markup or script shows as text.

Exit status: 0 when the report was written (whether or not the request
fits: the report says), 1 on bad input or usage.
`

type reportFlags struct {
	assemble    assembleFlags
	eval        evalinput.Files
	strictQrels bool
	baseline    string
	// baselineSets are --baseline-set NAME=VALUE: the report's settings
	// with these changed are the baseline.
	baselineSets stringList
	out          string
	// replay is an agent's trajectory to report, with its policies and
	// cache options; the window, reserve and model are assemble's flags.
	replay replayFlags
}

func runReport(env Env, args []string) error {
	var f reportFlags
	fs := newFlagSet(env, "report", reportUsage)
	f.assemble.register(fs)
	registerEvalFiles(fs, &f.eval, &f.strictQrels)
	fs.StringVar(&f.baseline, "baseline", "", "a settings file (YAML) to assemble the same input with, as the baseline the report compares with")
	fs.Var(&f.baselineSets, "baseline-set", "NAME=VALUE: compare with the report's own settings with this one changed, by its flag's name (repeatable)")
	fs.StringVar(&f.out, "out", "", "the HTML file to write (default: stdout, when it is not a terminal)")
	fs.StringVar(&f.replay.path, "trajectory", "", "an agent's trajectory, as ctxlab replay takes it: the report holds its timeline and the policies compared")
	fs.StringVar(&f.replay.policy, "policy", "all", "with --trajectory: trim policies, comma-separated, or all (as ctxlab replay)")
	fs.StringVar(&f.replay.breakpoints, "breakpoints", trajectory.BreakpointsSystemLast, "with --trajectory: Anthropic cache_control breakpoints: system+last, system or none")
	fs.StringVar(&f.replay.ttl, "cache-ttl", "5m", "with --trajectory: Anthropic cache lifetime whose write price applies: 5m or 1h")
	fs.StringVar(&f.replay.trace.id, "trace-id", "", "with --trajectory TRACES: the trace whose LLM spans are the turns (ctxlab traces FILE lists them)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if f.out == "" && env.StdoutIsTTY {
		return fmt.Errorf("report: name the HTML file to write with --out FILE (or redirect stdout)")
	}
	if f.baseline != "" && len(f.baselineSets) > 0 {
		return fmt.Errorf("report: give one baseline: --baseline FILE or --baseline-set NAME=VALUE, not both")
	}
	var r *rpt.Report
	var err error
	if f.replay.path != "" {
		r, err = f.trajectoryReport(env, fs)
	} else {
		r, err = f.model(env, fs)
	}
	if err != nil {
		return err
	}
	var page bytes.Buffer
	if err := htmlreport.Write(&page, r, htmlreport.Options{Version: Version}); err != nil {
		return err
	}
	if f.out == "" {
		_, err := env.Stdout.Write(page.Bytes())
		return err
	}
	if err := writeFileAtomic(f.out, page.Bytes()); err != nil {
		return fmt.Errorf("--out %w", err)
	}
	fmt.Fprintf(env.Stderr, "ctxlab: wrote %s: %s\n", safetext.Line(f.out), safetext.Line(r.Verdict.Line))
	return nil
}

// model evaluates the input as assemble does (with its fixes), the run
// when there is one, and the baseline when one is given.
func (f *reportFlags) model(env Env, fs *flagSet) (*rpt.Report, error) {
	a := &f.assemble
	a.suggest = true
	runOnly := f.eval.Run != "" && a.scenario == "" && a.request == "" && a.docs.path == ""
	a.emptyByDefault = f.eval.Run != ""
	run, err := prepareAssembly(env, fs, a)
	if err != nil {
		return nil, err
	}
	if f.eval.Run == "" && run.scenario.EvalRun.Run != "" {
		f.eval = evalinput.Files(run.scenario.EvalRun)
	} else if f.eval.Run == "" && (f.eval.Corpus != "" || f.eval.Queries != "" || f.eval.Qrels != "") {
		return nil, errors.New("--corpus, --queries and --qrels go with --run, the retrieval run they describe")
	}
	// A scenario that only names a run (no documents of its own) is
	// reported as the run: its assembly would show an empty request.
	runOnly = runOnly || (f.eval.Run != "" && len(run.scenario.Documents) == 0)
	var r *rpt.Report
	if runOnly {
		if f.baseline != "" || len(f.baselineSets) > 0 {
			return nil, fmt.Errorf("report: a baseline compares two assemblies of a request; a retrieval run alone has none (add --docs or a scenario with documents)")
		}
		r = &rpt.Report{Command: "report", Title: relativePath(f.eval.Run)}
		if run.scenario.Name != "" && run.scenario.Name != "retrieval run" {
			r.Title += " · " + run.scenario.Name
		}
	} else {
		if err := a.evaluate(env, fs, run); err != nil {
			return nil, err
		}
		r = assembleReportModel(run, "report")
		if r.Comparison, err = f.comparison(env, fs, run); err != nil {
			return nil, err
		}
	}
	if f.eval.Run != "" {
		set, err := evalinput.LoadWith(f.eval, evalLoadOptions(env, f.strictQrels))
		if err != nil {
			return nil, err
		}
		rep, err := evalrun.OnePass(set).Run(context.Background(), run.settings)
		if err != nil {
			return nil, flagError(err)
		}
		r.Eval = evalModel(f.eval, set, rep)
		if r.Eval.Change, err = evalChangeWords(context.Background(), f.eval, set, rep); err != nil {
			return nil, flagError(err)
		}
		if runOnly {
			r.Verdict = evalVerdict(r.Eval, rep, set.Judged)
			r.Verdict.Choice, r.Eval.Change = r.Eval.Change, "" // said once, in the verdict
			r.Settings = []string{"budget " + numfmt.Thousands(run.settings.Budget.RetrievedContext), "tokenizer " + run.settings.Pipeline.Tokenizer.Name()}
		}
	}
	return r, nil
}

// trajectoryReport replays --trajectory as ctxlab replay does, with
// assemble's --window, --reserve, --model and --prices, and reports it.
func (f *reportFlags) trajectoryReport(env Env, fs *flagSet) (*rpt.Report, error) {
	a := &f.assemble
	if a.scenario != "" || a.request != "" || a.docs.path != "" || f.eval.Run != "" || f.baseline != "" || len(f.baselineSets) > 0 {
		return nil, errors.New("report --trajectory reports a trajectory alone; give --scenario, --request, --docs, --run or a baseline in a report of their own")
	}
	f.replay.window = a.knobs.intGiven(fs, "window")
	f.replay.reserve = a.knobs.intGiven(fs, "reserve")
	f.replay.model = a.knobs.textGiven(fs, core.KnobIDModel)
	f.replay.prices = a.prices
	f.replay.llm = a.llm
	f.replay.trace.logs = a.span.logs
	rp, err := f.replay.replay(env, fs)
	if err != nil {
		return nil, err
	}
	return trajectoryReportModel(rp, f.replay.path, "report"), nil
}

// trajectoryReportModel is a replayed trajectory's report, read from
// path, made by command: what ctxlab report --trajectory writes and the
// workbench's export of a trajectory.
func trajectoryReportModel(rp *replayed, path, command string) *rpt.Report {
	t := trajectoryModel(rp)
	r := &rpt.Report{Command: command, Title: trajectoryTitle(path, t), Source: relativePath(path), Trajectory: t, Verdict: trajectoryVerdict(t)}
	win := "window " + numfmt.Thousands(t.Window)
	if smallerWindowSet(t) {
		win += " (set; " + t.Model + "'s own is " + numfmt.Thousands(t.ModelWindow) + ")"
	}
	r.Settings = []string{t.Model, win, t.Cache}
	return r
}

// writeWorkbenchTrajectoryReport writes the workbench's trajectory as
// the page ctxlab report --trajectory writes, replayed under policies
// (nil: every policy at its defaults, as report's --policy all) with the
// Timeline's options, for its export.
func writeWorkbenchTrajectoryReport(w io.Writer, path string, tr *trajectory.Trajectory, policies []trajectory.Policy, opts trajectory.Options,
	priceName string, table tokens.PriceTable) error {
	if policies == nil {
		policies = trajectory.Defaults()
	}
	rep, err := trajectory.Replay(context.Background(), tr, policies, opts)
	if err != nil {
		return err
	}
	rp := &replayed{tr: tr, rep: rep, opts: opts, priceName: priceName, table: table}
	return htmlreport.Write(w, trajectoryReportModel(rp, path, "workbench export"), htmlreport.Options{Version: Version})
}

// comparison is the request compared with the baseline given, nil
// without one: the same input under --baseline's settings, or under the
// report's own with --baseline-set's changes.
func (f *reportFlags) comparison(env Env, fs *flagSet, run *assembleRun) (*rpt.Comparison, error) {
	if f.baseline == "" && len(f.baselineSets) == 0 {
		return nil, nil
	}
	presets, err := presetSet(f.assemble.budgetFile)
	if err != nil {
		return nil, err
	}
	var settings core.Settings
	var label string
	if f.baseline != "" {
		if settings, err = scenario.LoadSettingsFile(f.baseline, run.scenario.Settings, presets); err != nil {
			return nil, err
		}
		label = displayPath(f.baseline)
	} else {
		sets, err := parseKnobSets(f.baselineSets)
		if err != nil {
			return nil, fmt.Errorf("--baseline-%w", err)
		}
		settings = run.settings
		if err := sets.apply(&settings, core.KnobContext{Presets: presets}); err != nil {
			return nil, err
		}
		if err := settings.Validate(); err != nil {
			return nil, fmt.Errorf("--baseline-set %s: %w", safetext.Line(sets.label()), err)
		}
		label = sets.label()
	}
	baseline := diffSide{label: label}
	if baseline.eval, err = evaluateForDiff(run.scenario, settings); err != nil {
		return nil, fmt.Errorf("the baseline %s: %w", safetext.Line(label), err)
	}
	current := diffSide{label: "this report's settings", eval: run.eval}
	c := core.Compare(baseline.eval, current.eval)
	costs := diffCosts{before: core.CostOf(baseline.eval, run.prices), after: core.CostOf(current.eval, run.prices), prices: run.prices}
	return comparisonModel(baseline, current, run.source, c, costs), nil
}

// registerEvalFiles registers the flags that name a retrieval run's
// files, as ctxlab eval and ctxlab report take them.
func registerEvalFiles(fs *flagSet, files *evalinput.Files, strictQrels *bool) {
	fs.StringVar(&files.Run, "run", "", "the retrieval run: a TREC run file, or JSON Lines of queries with their documents")
	fs.StringVar(&files.Corpus, "corpus", "", "the documents a TREC run names: BEIR's corpus.jsonl")
	fs.StringVar(&files.Queries, "queries", "", "the queries' text: BEIR's queries.jsonl (optional)")
	fs.StringVar(&files.Qrels, "qrels", "", "relevance judgments: TREC qrels or BEIR's qrels TSV (optional)")
	fs.BoolVar(strictQrels, "strict-qrels", false, strictQrelsHelp)
}

// writeFileAtomic writes data to path through a temporary file in the
// same folder, renamed over it, so a reader never sees half a page.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		// The temporary file's name means nothing to the user.
		var pathErr *fs.PathError
		if errors.As(err, &pathErr) {
			err = pathErr.Err
		}
		return fmt.Errorf("%s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// checkFormatMarkdown accepts the formats of the commands that also
// write Markdown.
func checkFormatMarkdown(format string) error {
	if format != "text" && format != "json" && format != "markdown" {
		return fmt.Errorf("--format %s: expected text, json or markdown", quoted(format))
	}
	return nil
}

// writeMarkdown writes a report as Markdown.
func writeMarkdown(w io.Writer, r *rpt.Report) error {
	return markdown.Write(w, r)
}

// writeWorkbenchHTMLReport writes the workbench's evaluation as the page
// ctxlab report writes, for its export: the same sections, without the
// fixes, which the workbench previews with f and which ctxlab report
// computes.
func writeWorkbenchHTMLReport(w io.Writer, sc *core.Scenario, ev *core.Evaluation, prices tokens.PriceTable) error {
	source := sc.Origin
	if source == "" {
		source = "the workbench's input"
	}
	run := &assembleRun{scenario: sc, source: source, settings: ev.Settings, eval: ev, prices: prices}
	r := assembleReportModel(run, "workbench export")
	return htmlreport.Write(w, r, htmlreport.Options{Version: Version})
}

// trajectoryTitle names a trajectory in words: its file's base name and
// what it is; the path goes below the title.
func trajectoryTitle(path string, t *rpt.Trajectory) string {
	base := filepath.Base(path)
	if path == "-" {
		base = "stdin"
	}
	return fmt.Sprintf("%s · an agent's conversation, %s replayed", base, numfmt.Count(len(t.Turns), "turn", "turns"))
}
