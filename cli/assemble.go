package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"ctxlab/core"
	"ctxlab/core/fix"
	"ctxlab/core/memory"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/window"
	"ctxlab/internal/inputwatch"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/metricslog"
	"ctxlab/loaders/request"
	"ctxlab/loaders/scenario"
	"ctxlab/sample"
)

const assembleUsage = `
ctxlab assemble builds one LLM request from a scenario or an imported API
request and reports where its tokens went: every component against its
allocation (raw tokens, tokens used, ✂ cut, ▲ over), the message framing,
the total against the max input (window − response reserve), the
findings (what overflowed, what was cut or lost and why, worst first),
what the memory strategy kept, what the RAG builder put in the context,
and the messages themselves. --format json prints the request in OpenAI's
chat format ({"model", "messages", "tools"}) with the budget report and
the findings beside it. --layout chat sends the history as its own
messages and the tool calls with their results, dropping whole messages
oldest first, so those messages replay as a chat; the default for a
scenario, article, folds the history into one assistant message as the
article's assembler does. An imported request is laid out as a chat, each
message as it was sent, unless --layout article is given.

Usage:
  ctxlab assemble [--scenario FILE | --request FILE [--interaction N | --span-id ID [--logs FILE]] |
                   --docs FILE|DIR|- [--doc-format F] [--per-paragraph] [--history FILE] |
                   --docs TRACES --span-id ID [--history FILE]]
                  [--preset NAME] [--budget-file FILE] [--window N]
                  [--system-budget N] [--tools-budget N] [--history-budget N]
                  [--rag-budget N] [--tool-results-budget N] [--query-budget N] [--reserve N]
                  [--memory sliding|priority|summary] [--priority-pattern RE]...
                  [--summarize-every N] [--keep-recent N] [--max-turns N] [--step NAME]
                  [--builder context_manager|rag] [--rerank] [--initial-k N] [--final-k N]
                  [--query TEXT] [--model NAME] [--tokenizer NAME] [pipeline options]
                  [--mode budgeted|measure] [--layout article|chat] [--format text|json] [--full] [--suggest]
                  [--metrics-out FILE] [--request-id ID] [--watch]
                  [--summarizer extractive|llm] [--llm-base-url URL] [--llm-model NAME]
                  [--llm-timeout DURATION]
                  [--llm-api-key-file FILE | --llm-api-key-env NAME]

  With no --scenario, --request or --docs, the bundled sample scenario is
  used. --docs opens a document set (and --history a chat history) with the
  default settings, exactly as the workbench's --docs does, so
  ctxlab assemble --docs FILE --history FILE --query TEXT prints the request
  ctxlab --docs FILE --history FILE --query TEXT opens with.
  Only the options given override the scenario's own settings; the defaults
  listed below apply to nothing the scenario sets. --preset replaces the
  scenario's whole budget, window included (add --window to keep a smaller
  model's window). --budget, the pipeline's budget in ctxlab build, is the
  retrieved-context allocation here, like --rag-budget.

  An imported request (OpenAI Chat Completions or Anthropic Messages body,
  or a cassette with --interaction, or one LLM span of an OTLP JSON traces
  file with --span-id, see docs/traces.md) is measured as sent: nothing cut, the
  total checked against the model's window minus the reserve. With --preset
  or any allocation option (--system-budget ... --query-budget) the
  article's assembler applies those allocations instead, and the report
  shows both: what was sent and what a budgeted assembly would have sent;
  the exit status is then the budgeted assembly's.

  --memory summary folds old turns with the extractive summarizer, offline.
  --summarizer llm (implied by CTXLAB_LLM_BASE_URL or CTXLAB_LLM_MODEL, or
  by --llm-base-url or --llm-model) asks an OpenAI-compatible chat
  completions endpoint instead; a call that fails is answered by the
  extractive summary and reported on stderr, and after a failure of the
  endpoint itself the model is not asked again in that run. The API key is
  read from a file (--llm-api-key-file) or the environment
  (--llm-api-key-env names the variable), never from the command line
  itself, and is never printed.

  --suggest ends the report with fixes, best first: each a change of
  settings (fit the allocations to the window, lower the reserve, lower
  the allocation of the largest component, give a cut component or the
  retrieved context what it needs, turn lost-in-the-middle off), with its
  effect on every component and document, measured by assembling again,
  and the flags that apply it: add them to the same command. Fixes that
  make an overflowing request fit come first. The settings cannot drop or
  edit an input message, tool result or document, so no fix does.

Exit status: 0 when the request fits, 3 when it exceeds its max input
("Context exceeds budget: X > Y" on stderr, the report still on stdout), 1
on bad input or usage.
`

type assembleFlags struct {
	scenario string
	// allowOutside lets a scenario read files outside its own folder
	// (scenario.Options).
	allowOutside bool
	request      string
	interaction  int
	// span opens one span of a traces file given to --request.
	span       spanFlags
	budgetFile string
	// emptyByDefault starts from an empty request, not the bundled
	// sample, when no input is named: the workbench's --run, whose
	// queries bring their own documents and text.
	emptyByDefault bool
	// budget is --budget: here the retrieved-context allocation, as
	// --rag-budget; in build, the pipeline's budget, which that is.
	budget int
	// knobs are every setting's flag, from core's knob table.
	knobs knobFlags

	// llm chooses the summarizer of --memory summary.
	llm llmFlags
	// docs is the third input, beside --scenario and --request.
	docs docsFlags
	// prices price the request (--prices FILE over the bundled table).
	prices pricesFlag

	format     string
	full       bool
	suggest    bool
	metricsOut string
	requestID  string
	// watch runs again each time an input file changes.
	watch bool
}

func newAssembleFlagSet(env Env, f *assembleFlags) *flagSet {
	fs := newFlagSet(env, "assemble", assembleUsage)
	f.register(fs)
	f.registerOutput(fs)
	return fs
}

func (f *assembleFlags) register(fs *flagSet) {
	fs.StringVar(&f.scenario, "scenario", "", "scenario file (YAML); default: the bundled sample")
	fs.BoolVar(&f.allowOutside, "allow-outside", false, allowOutsideHelp)
	fs.StringVar(&f.request, "request", "", "API request body to import (OpenAI or Anthropic JSON, or a YAML cassette); - reads stdin")
	fs.IntVar(&f.interaction, "interaction", 0, "cassette: the interaction to import, from 1 (default: the first chat request)")
	f.span.register(fs)
	f.docs.register(fs)
	fs.StringVar(&f.budgetFile, "budget-file", "", "YAML budget file with presets of your own")
	f.knobs.register(fs, false)
	fs.IntVar(&f.budget, "budget", pipeline.DefaultBudget, "the retrieved-context allocation, as --rag-budget, which the pipeline uses as its budget (default: the input's); in ctxlab build, the context block's budget")
	fs.hideDefault("budget")
	f.llm.register(fs)
	f.prices.register(fs)
}

// registerOutput adds the flags that shape assemble's printed output; the
// workbench shares every other flag.
func (f *assembleFlags) registerOutput(fs *flagSet) {
	fs.StringVar(&f.format, "format", "text", "output: text, json or markdown (a summary for a CI job or pull request)")
	fs.BoolVar(&f.full, "full", false, "text: print every message whole instead of shortening long ones, and list everything in What takes the space, not the top 10")
	fs.BoolVar(&f.suggest, "suggest", false, "after the report, print fixes ranked by effect, each with its token effect and the exact flags that apply it (json: a suggestions list)")
	fs.StringVar(&f.metricsOut, "metrics-out", "", "append the request's ContextMetrics as one JSON line to FILE (created if missing)")
	fs.StringVar(&f.requestID, "request-id", "", "request id in the metrics record (default: ctxlab- and the time)")
	fs.BoolVar(&f.watch, "watch", false, watchHelp)
}

// watchPaths are the inputs --watch follows.
func (f *assembleFlags) watchPaths() inputwatch.Paths {
	var w inputwatch.Paths
	w.AddScenario(f.scenario)
	w.AddFile(f.request)
	w.AddInput(f.docs.path)
	w.AddFile(f.docs.history)
	w.AddFile(f.budgetFile)
	w.AddFile(f.prices.path)
	return w
}

// assembleRun is one assembly: what was loaded, the settings evaluated,
// and the evaluations the report renders.
type assembleRun struct {
	scenario *core.Scenario
	// source describes the input for the report's header.
	source string
	// imported is true for an API request.
	imported bool
	settings core.Settings
	eval     *core.Evaluation
	// measured is the same input measured as given, set when eval is
	// budgeted, so the report can show both.
	measured *core.Evaluation
	full     bool
	// suggestions are the fixes --suggest asked for, best first; nil
	// without --suggest.
	suggestions []fix.Fix
	// formatMemory shows the reference's format_memory block in the text
	// report: --max-turns was given, or the scenario sets max turns.
	formatMemory bool
	// windowHint says the window is --model's, for an overflow's message.
	windowHint string
	// skipNotes are the files a --docs directory load passed over, also
	// among the scenario's notes.
	skipNotes []string
	// prices price the request for the Cost section.
	prices tokens.PriceTable
	// input is what the fixes were measured on, for the report to
	// measure two of them together the same way.
	input core.EvalInput
}

func runAssemble(env Env, args []string) error {
	var f assembleFlags
	fs := newAssembleFlagSet(env, &f)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkFormatMarkdown(f.format); err != nil {
		return err
	}
	if f.watch {
		return watching(env, "assemble", args, runAssemble, f.watchPaths())
	}
	run, err := prepareAssembly(env, fs, &f)
	if err != nil {
		return err
	}
	if err := f.evaluate(env, fs, run); err != nil {
		return err
	}

	// Check the log before printing, so a bad path or a file that is not
	// a metrics log fails cleanly.
	if f.metricsOut != "" {
		if err := metricslog.Check(f.metricsOut); err != nil {
			return fmt.Errorf("--metrics-out %w", err)
		}
	}

	switch f.format {
	case "json":
		err = writeAssembleJSON(env.Stdout, run)
	case "markdown":
		err = writeMarkdown(env.Stdout, assembleReportModel(run, "assemble"))
	default:
		err = writeAssembleReport(env.Stdout, run)
	}
	if err != nil {
		return err
	}

	if f.metricsOut != "" {
		alert, err := metricslog.Append(f.metricsOut, run.eval.Metrics)
		if alert != "" {
			fmt.Fprintln(env.Stderr, safetext.Line(alert))
		}
		if err != nil {
			return fmt.Errorf("--metrics-out %w", err)
		}
	}
	if msg := overflowMessage(run); msg != "" {
		return &exitError{code: ExitOverflow, msg: msg}
	}
	return nil
}

// evaluate assembles the prepared run: the summarizer the flags choose,
// the request measured as sent beside a budgeted one, the evaluation,
// and the fixes when --suggest asked for them. Its warnings and notes go
// to stderr.
func (f *assembleFlags) evaluate(env Env, fs *flagSet, run *assembleRun) error {
	sum, err := f.llm.build(env, fs, true)
	if err != nil {
		return err
	}
	for _, w := range assembleWarnings(fs, run) {
		fmt.Fprintln(env.Stderr, "ctxlab: warning: "+safetext.Line(w))
	}
	printSkipNotes(env, run.skipNotes)
	if sum.Explicit && (run.settings.Mode == window.MeasureOnly || memoryStrategy(run.settings.Memory) != memory.Summary) {
		fmt.Fprintf(env.Stderr, "ctxlab: note: --summarizer llm is not used: only --memory summary in budgeted mode summarizes the history\n")
	}
	now := time.Now()
	requestID := f.requestID
	if requestID == "" {
		requestID = "ctxlab-" + now.UTC().Format("20060102T150405.000000000")
	}
	ctx := context.Background()
	in := core.EvalInput{Scenario: run.scenario, Summarizer: sum.Summarizer, Now: now, RequestID: requestID}
	if !run.settings.Rerank && run.settings.Builder != core.BuilderSimpleRAG {
		// The pipeline counts every document; they are counted here, with
		// a bar when that takes a while. (Reranking analyses its own
		// selection, and the simple builder counts as it goes.)
		in.Analysis = pipeline.Analyze(run.scenario.Documents)
		countTokensShowingProgress(env, in.Analysis, run.settings.Pipeline.Tokenizer)
	}
	// A request's long parts are counted inside the assembly; a bar
	// shows those counts that take a while.
	stopBar := showingLongCounts(env, run.settings.Pipeline.Tokenizer)
	budgeted := in
	if run.settings.Mode == window.Budgeted {
		if run.measured, budgeted.Built, err = measureAsSent(ctx, in, run.settings); err != nil {
			stopBar()
			return flagError(err)
		}
	}
	run.eval, err = core.Evaluate(ctx, budgeted, run.settings)
	stopBar()
	for _, line := range sum.Fallbacks.Lines() {
		fmt.Fprintln(env.Stderr, safetext.Line(line))
	}
	if err != nil {
		return flagError(err)
	}

	if f.suggest {
		run.input = in
		if run.suggestions, err = fix.Suggest(ctx, in, run.eval); err != nil {
			return flagError(err)
		}
		run.suggestions = rankFixes(run.suggestions)
		if run.suggestions == nil {
			run.suggestions = []fix.Fix{}
		}
	}
	return nil
}

// prepareAssembly loads the input and turns the flags into settings.
func prepareAssembly(env Env, fs *flagSet, f *assembleFlags) (*assembleRun, error) {
	if err := checkInputs(fs, &f.docs, f.scenario, f.request); err != nil {
		return nil, err
	}
	if err := f.span.check(fs, f.request, f.docs.path); err != nil {
		return nil, err
	}
	if flagWasSet(fs, "interaction") {
		if f.request == "" {
			return nil, fmt.Errorf("--interaction selects an interaction of a cassette and needs --request FILE")
		}
		if f.interaction < 1 {
			return nil, fmt.Errorf("--interaction %s: expected an interaction number from 1", numfmt.Thousands(f.interaction))
		}
	}
	presets, err := presetSet(f.budgetFile)
	if err != nil {
		return nil, err
	}
	// An unknown preset is refused before any input is read.
	preset := f.knobs.textGiven(fs, core.KnobIDPreset)
	if preset != "" {
		if _, err := presets.Lookup(preset); err != nil {
			return nil, fmt.Errorf("--preset: %w", err)
		}
	}

	run := &assembleRun{full: f.full}
	if run.prices, err = f.prices.load(); err != nil {
		return nil, err
	}
	switch {
	case f.docs.path != "" && f.span.id != "":
		if run.scenario, err = f.span.openRetrieval(env, &f.docs); err != nil {
			return nil, err
		}
		run.source = displayPath(f.docs.path)
	case f.docs.path != "":
		if run.scenario, run.skipNotes, err = scenarioFromDocs(env, &f.docs); err != nil {
			return nil, err
		}
		run.source = run.scenario.Origin
	case f.request != "":
		if f.request == "-" && env.StdinIsTTY {
			return nil, fmt.Errorf("--request -: stdin is a terminal; pipe a request body in or give a file")
		}
		run.imported = true
		run.source = displayPath(f.request)
		opts := request.Options{Interaction: f.interaction, Window: f.knobs.intGiven(fs, "window"), Reserve: f.knobs.intGiven(fs, "reserve"),
			Preset: preset, Presets: presets, Model: f.knobs.textGiven(fs, core.KnobIDModel)}
		// Limited before loading too: decoding a 47 MB request let the
		// heap reach 230 MB with no limit set.
		if f.span.id != "" {
			run.scenario, err = f.span.open(f.request, opts)
		} else {
			run.scenario, err = request.Load(f.request, env.Stdin, opts)
		}
		if err != nil {
			return nil, err
		}
	case f.scenario != "":
		run.source = f.scenario
		// A scenario's own preset: key may name a budget file's preset.
		if run.scenario, err = loadScenario(f.scenario, presets, f.allowOutside); err != nil {
			return nil, err
		}
	case f.emptyByDefault:
		run.source = "an empty request"
		run.scenario = &core.Scenario{Name: "retrieval run", Origin: run.source, Settings: core.DefaultSettings(),
			Description: "an empty request: each query of the run brings its documents and text"}
	default:
		run.source = "bundled sample (" + sample.DefaultScenario + ")"
		if run.scenario, err = scenario.LoadFS(sample.FS, sample.DefaultScenario); err != nil {
			return nil, fmt.Errorf("loading the bundled sample: %w", err)
		}
	}

	s := run.scenario.Settings
	// An imported request is measured as sent unless a flag asks for a
	// budget: a preset, an allocation, or a layout to lay it out in.
	if run.imported && (preset != "" || f.knobs.allocationGiven(fs) || flagWasSet(fs, "budget") || flagWasSet(fs, "layout")) {
		s.Mode = window.Budgeted
	}
	if err := applyAssembleFlags(fs, f, &s, core.KnobContext{Presets: presets}, run.imported); err != nil {
		return nil, err
	}
	if s.Step != "" {
		if _, ok := run.scenario.Agent.Step(s.Step); !ok {
			if run.scenario.Agent == nil {
				return nil, fmt.Errorf("--step %s: %s has no agent steps (a scenario lists them under agent: steps)", quoted(s.Step), run.source)
			}
			return nil, fmt.Errorf("--step %s: expected one of %s", quoted(s.Step), strings.Join(run.scenario.Agent.StepNames(), ", "))
		}
	}
	if err := s.Validate(); err != nil {
		return nil, flagError(err)
	}
	// A budget the window cannot hold is not refused: the evaluation
	// measures the request as sent and the exit status is the overflow's.
	// The hint says where the window came from, when it is the model's
	// (a model the table does not know leaves the preset's in place).
	model := f.knobs.textGiven(fs, core.KnobIDModel)
	if spec, known := tokens.LookupModel(model); model != "" && !flagWasSet(fs, "window") &&
		known && spec.Window == s.Budget.TotalWindow {
		run.windowHint = fmt.Sprintf("--model %s's window is %s; --window N sets another", model, numfmt.Thousands(s.Budget.TotalWindow))
	}
	run.settings = s
	run.formatMemory = flagWasSet(fs, "max-turns") || s.MaxTurns != memory.DefaultMaxMessages
	return run, nil
}

// applyAssembleFlags applies the flags given on the command line to the
// scenario's settings through the knob table; a flag not given leaves its
// setting alone. --preset replaces the scenario's whole budget, except an
// imported request's, whose loader applied it keeping the model's window
// and the request's reserve.
func applyAssembleFlags(fs *flagSet, f *assembleFlags, s *core.Settings, ctx core.KnobContext, imported bool) error {
	skipPreset := func(k *core.Knob) bool {
		return k.ID == core.KnobIDPreset && (imported || f.knobs.textGiven(fs, core.KnobIDPreset) == "")
	}
	if err := f.knobs.apply(fs, s, ctx, skipPreset); err != nil {
		return err
	}
	if s.Mode == "" {
		s.Mode = window.Budgeted
	}
	if flagWasSet(fs, "budget") {
		rag := core.KnobByID("rag")
		if err := rag.Check(core.KnobValue{Int: f.budget}); err != nil {
			return fmt.Errorf("%s", err.Named("--budget"))
		}
		if f.knobs.given(fs, "rag") && f.knobs.intGiven(fs, "rag") != f.budget {
			return fmt.Errorf("--budget %s and --rag-budget %s disagree: in assemble --budget is the retrieved-context allocation; give one of them", numfmt.Thousands(f.budget), numfmt.Thousands(f.knobs.intGiven(fs, "rag")))
		}
		s.Budget.RetrievedContext = f.budget
	}
	// Allocations given on the command line, or a budget file's presets,
	// are chosen: a request is then held to them.
	if f.knobs.allocationGiven(fs) || flagWasSet(fs, "budget") || f.budgetFile != "" {
		s.AllocationsAssumed = false
	}
	return nil
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string { return fmt.Sprint([]string(*l)) }

func (l *stringList) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// allowOutsideHelp describes --allow-outside the same way for every
// command that reads scenario files.
const allowOutsideHelp = "let a scenario's documents, history and eval paths lead outside the scenario's own folder"
