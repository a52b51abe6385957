package cli

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"ctxlab/core"
	"ctxlab/internal/safetext"
	"ctxlab/loaders"
	"ctxlab/sample"
)

const assembleUsage = `
ctxlab assemble builds one LLM request from a scenario or an imported API
request and reports where its tokens went: every component against its
allocation (raw tokens, tokens used, ✂ cut, ▲ over), the message framing,
the total against the max input (window − response reserve), what the
memory strategy kept, what the RAG builder put in the context, and the
messages themselves. --format json prints the request in OpenAI's chat
format ({"model", "messages", "tools"}) with the budget report beside it.

Usage:
  ctxlab assemble [--scenario FILE | --request FILE [--interaction N] |
                   --docs FILE|DIR|- [--doc-format F] [--per-paragraph] [--history FILE]]
                  [--preset NAME] [--budget-file FILE] [--window N]
                  [--system-budget N] [--tools-budget N] [--history-budget N]
                  [--rag-budget N] [--tool-results-budget N] [--query-budget N] [--reserve N]
                  [--memory sliding|priority|summary] [--priority-pattern RE]...
                  [--summarize-every N] [--keep-recent N] [--max-turns N] [--step NAME]
                  [--builder context_manager|rag] [--rerank] [--initial-k N] [--final-k N]
                  [--query TEXT] [--model NAME] [--tokenizer NAME] [pipeline options]
                  [--mode budgeted|measure] [--format text|json] [--full]
                  [--metrics-out FILE] [--request-id ID]
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
  or a cassette with --interaction) is measured as sent: nothing cut, the
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

Exit status: 0 when the request fits, 3 when it exceeds its max input
("Context exceeds budget: X > Y" on stderr, the report still on stdout), 1
on bad input or usage.
`

type assembleFlags struct {
	scenario    string
	request     string
	interaction int
	preset      string
	budgetFile  string
	budget      budgetFlags

	memory         string
	patterns       stringList
	summarizeEvery int
	keepRecent     int
	maxTurns       int

	builder  string
	rerank   bool
	initialK int
	finalK   int
	query    string
	step     string
	pipeline pipelineFlags

	mode string
	// llm chooses the summarizer of --memory summary.
	llm llmFlags
	// docs is the third input, beside --scenario and --request.
	docs docsFlags

	format     string
	full       bool
	metricsOut string
	requestID  string
}

func newAssembleFlagSet(env Env, f *assembleFlags) *flagSet {
	fs := newFlagSet(env, "assemble", assembleUsage)
	f.register(fs)
	f.registerOutput(fs)
	return fs
}

func (f *assembleFlags) register(fs *flagSet) {
	d := core.DefaultSettings()
	fs.StringVar(&f.scenario, "scenario", "", "scenario file (YAML); default: the bundled sample")
	fs.StringVar(&f.request, "request", "", "API request body to import (OpenAI or Anthropic JSON, or a YAML cassette); - reads stdin")
	fs.IntVar(&f.interaction, "interaction", 0, "cassette: the interaction to import, from 1 (default: the first chat request)")
	f.docs.register(fs)
	fs.StringVar(&f.preset, "preset", "", "budget preset: "+joinStrings(core.PresetNames)+", or one of --budget-file")
	fs.StringVar(&f.budgetFile, "budget-file", "", "YAML budget file with presets of your own")
	f.budget.register(fs)
	fs.StringVar(&f.memory, "memory", "", "history strategy: sliding, priority or summary (default: the scenario's; sliding)")
	fs.Var(&f.patterns, "priority-pattern", "regular expression that pins a history message under --memory priority (repeatable; replaces the defaults)")
	fs.IntVar(&f.summarizeEvery, "summarize-every", 0, fmt.Sprintf("--memory summary: fold the history every N messages (default: the scenario's; %d)", d.Memory.SummarizeEvery))
	fs.IntVar(&f.maxTurns, "max-turns", core.DefaultMaxMemoryMessages, "format_memory: turns the reference ContextManager's memory block keeps, 0 for all (JSON assembly.format_memory; the workbench's Memory view)")
	fs.IntVar(&f.keepRecent, "keep-recent", 0, fmt.Sprintf("--memory summary: messages a fold leaves verbatim (default: the scenario's; %d)", d.Memory.KeepRecent))
	fs.StringVar(&f.builder, "builder", "", "retrieved-context builder: context_manager (the pipeline) or rag (the article's RAGContextManager) (default: the scenario's; context_manager)")
	fs.BoolVar(&f.rerank, "rerank", false, "retrieve initial-k documents by score, then rerank them against the query with BM25 and keep final-k (--rerank=false turns a scenario's off)")
	fs.IntVar(&f.initialK, "initial-k", 0, fmt.Sprintf("--rerank: documents retrieved in the first stage (default: the scenario's; %d)", d.InitialK))
	fs.IntVar(&f.finalK, "final-k", 0, fmt.Sprintf("--rerank: documents kept after reranking (default: the scenario's; %d)", d.FinalK))
	fs.StringVar(&f.step, "step", "", "agent step whose context (the outputs of the steps it requires) is the tool results; from the scenario's agent: steps (default: the scenario's step; \"\" for the tool results as given)")
	fs.StringVar(&f.query, "query", "", "the user's query (default: the scenario's or the request's)")
	f.pipeline.register(fs)
	fs.setHelp("budget", "the retrieved-context allocation, as --rag-budget (default: the scenario's); in ctxlab build, the pipeline's budget")
	fs.StringVar(&f.mode, "mode", "", "budgeted (cut components to their allocations) or measure (as given, nothing cut); default: the input's")
	f.llm.register(fs)
}

// registerOutput adds the flags that shape assemble's printed output; the
// workbench shares every other flag.
func (f *assembleFlags) registerOutput(fs *flagSet) {
	fs.StringVar(&f.format, "format", "text", "output: text or json")
	fs.BoolVar(&f.full, "full", false, "text: print every message whole instead of shortening long ones")
	fs.StringVar(&f.metricsOut, "metrics-out", "", "append the request's ContextMetrics as one JSON line to FILE (created if missing)")
	fs.StringVar(&f.requestID, "request-id", "", "request id in the metrics record (default: ctxlab- and the time)")
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
	// formatMemory shows the reference's format_memory block in the text
	// report: --max-turns was given, or the scenario sets max turns.
	formatMemory bool
}

func runAssemble(env Env, args []string) error {
	var f assembleFlags
	fs := newAssembleFlagSet(env, &f)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkFormat(f.format); err != nil {
		return err
	}
	run, err := prepareAssembly(env, fs, &f)
	if err != nil {
		return err
	}
	sum, err := f.llm.build(env, fs, true)
	if err != nil {
		return err
	}
	for _, w := range assembleWarnings(fs, run) {
		fmt.Fprintln(env.Stderr, "ctxlab: warning: "+safetext.Line(w))
	}
	if sum.Explicit && (run.settings.Mode == core.MeasureOnly || memoryStrategy(run.settings.Memory) != core.MemorySummary) {
		fmt.Fprintf(env.Stderr, "ctxlab: note: --summarizer llm is not used: only --memory summary in budgeted mode summarizes the history\n")
	}
	now := time.Now()
	requestID := f.requestID
	if requestID == "" {
		requestID = "ctxlab-" + now.UTC().Format("20060102T150405.000000000")
	}
	ctx := context.Background()
	in := core.EvalInput{Scenario: run.scenario, Summarizer: sum.Summarizer, Now: now, RequestID: requestID}
	run.eval, err = core.Evaluate(ctx, in, run.settings)
	for _, line := range sum.Fallbacks.Lines() {
		fmt.Fprintln(env.Stderr, safetext.Line(line))
	}
	if err != nil {
		return flagError(err)
	}
	if run.settings.Mode == core.Budgeted {
		measure := run.settings
		measure.Mode = core.MeasureOnly
		in.Analysis = run.eval.Analysis
		if run.settings.Rerank {
			in.Analysis = nil // the analysis above is of the reranked selection
		}
		if run.measured, err = core.Evaluate(ctx, in, measure); err != nil {
			return flagError(err)
		}
	}

	// Check the log before printing, so a bad path or a file that is not
	// a metrics log fails cleanly.
	if f.metricsOut != "" {
		if err := loaders.CheckMetricsLog(f.metricsOut); err != nil {
			return fmt.Errorf("--metrics-out %w", err)
		}
	}

	if f.format == "json" {
		err = writeAssembleJSON(env.Stdout, run)
	} else {
		err = writeAssembleReport(env.Stdout, run)
	}
	if err != nil {
		return err
	}

	if f.metricsOut != "" {
		alert, err := loaders.AppendMetricsFile(f.metricsOut, run.eval.Metrics)
		if alert != "" {
			fmt.Fprintln(env.Stderr, safetext.Line(alert))
		}
		if err != nil {
			return fmt.Errorf("--metrics-out %w", err)
		}
	}
	if ov := run.eval.Overflow; ov != nil {
		return &exitError{code: ExitOverflow, msg: ov.Error()}
	}
	return nil
}

// prepareAssembly loads the input and turns the flags into settings.
func prepareAssembly(env Env, fs *flagSet, f *assembleFlags) (*assembleRun, error) {
	if err := checkInputs(fs, &f.docs, f.scenario, f.request); err != nil {
		return nil, err
	}
	if flagWasSet(fs, "interaction") {
		if f.request == "" {
			return nil, fmt.Errorf("--interaction selects an interaction of a cassette and needs --request FILE")
		}
		if f.interaction < 1 {
			return nil, fmt.Errorf("--interaction %d: expected an interaction number from 1", f.interaction)
		}
	}
	overrides, err := f.budget.overrides(fs)
	if err != nil {
		return nil, err
	}
	presets, _, err := presetSet(f.budgetFile)
	if err != nil {
		return nil, err
	}
	var presetBudget core.ContextBudget
	if f.preset != "" {
		if presetBudget, err = presets.Lookup(f.preset); err != nil {
			return nil, fmt.Errorf("--preset: %w", err)
		}
	}

	run := &assembleRun{full: f.full}
	switch {
	case f.docs.path != "":
		if run.scenario, err = scenarioFromDocs(env, &f.docs); err != nil {
			return nil, err
		}
		run.source = run.scenario.Origin
	case f.request != "":
		if f.request == "-" && env.StdinIsTTY {
			return nil, fmt.Errorf("--request -: stdin is a terminal; pipe a request body in or give a file")
		}
		run.imported = true
		run.source = displayPath(f.request)
		opts := loaders.RequestOptions{Interaction: f.interaction, Window: f.budget.window, Reserve: f.budget.reserve, Preset: f.preset, Presets: presets,
			Model: f.pipeline.model}
		if run.scenario, err = loaders.LoadRequest(f.request, env.Stdin, opts); err != nil {
			return nil, err
		}
	case f.scenario != "":
		run.source = f.scenario
		// A scenario's own preset: key may name a budget file's preset.
		if run.scenario, err = loaders.LoadScenarioWithPresets(f.scenario, presets); err != nil {
			return nil, err
		}
	default:
		run.source = "bundled sample (" + sample.DefaultScenario + ")"
		if run.scenario, err = loaders.LoadScenarioFS(sample.FS, sample.DefaultScenario); err != nil {
			return nil, fmt.Errorf("loading the bundled sample: %w", err)
		}
	}

	s := run.scenario.Settings
	// The request loader applied the preset itself, keeping the model's
	// window and the request's reserve.
	if f.preset != "" && !run.imported {
		s.Preset, s.Budget = f.preset, presetBudget
	}
	s.Budget = overrides.Apply(s.Budget)
	if run.imported && (f.preset != "" || f.budget.allocationSet(fs) || flagWasSet(fs, "budget")) {
		s.Mode = core.Budgeted
	}
	if err := applyAssembleFlags(fs, f, &s); err != nil {
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
	if s.Mode == core.Budgeted {
		if err := s.Budget.Validate(); err != nil {
			var hint string
			// Only when the window is the model's: a model the table does
			// not know left the preset's window in place.
			if spec, known := core.LookupModel(f.pipeline.model); flagWasSet(fs, "model") && !flagWasSet(fs, "window") &&
				known && spec.Window == s.Budget.TotalWindow {
				hint = fmt.Sprintf("--model %s's window is %d; --window N sets another", f.pipeline.model, s.Budget.TotalWindow)
			}
			return nil, budgetError(err, s, hint)
		}
	}
	run.settings = s
	run.formatMemory = flagWasSet(fs, "max-turns") || s.MaxTurns != core.DefaultMaxMemoryMessages
	return run, nil
}

// budgetError returns the budget's own message ("Budget overflow: X tokens
// allocated, max input is Y"), saying which preset it started from and,
// when given, where the window came from.
func budgetError(err error, s core.Settings, hint string) error {
	var why []string
	if s.Preset != "" {
		why = append(why, fmt.Sprintf("preset %s with the options given", s.Preset))
	}
	if hint != "" {
		why = append(why, hint)
	}
	if len(why) == 0 {
		return err
	}
	return fmt.Errorf("%w (%s)", err, strings.Join(why, "; "))
}

// applyAssembleFlags applies the flags given on the command line to the
// scenario's settings; a flag not given leaves its setting alone.
func applyAssembleFlags(fs *flagSet, f *assembleFlags, s *core.Settings) error {
	set := func(name string) bool { return flagWasSet(fs, name) }
	if set("mode") {
		mode, err := core.ParseAssembleMode(f.mode)
		if err != nil {
			return fmt.Errorf("--mode: %w", err)
		}
		s.Mode = mode
	}
	if s.Mode == "" {
		s.Mode = core.Budgeted
	}
	if err := applyMemoryFlags(fs, f, &s.Memory); err != nil {
		return err
	}
	if err := applyMaxTurns(fs, f, s); err != nil {
		return err
	}
	if set("builder") {
		b, err := core.ParseRAGBuilder(f.builder)
		if err != nil {
			return fmt.Errorf("--builder: %w", err)
		}
		s.Builder = b
	}
	if set("rerank") {
		s.Rerank = f.rerank
	}
	for _, k := range []struct {
		name  string
		value int
		dst   *int
	}{{"initial-k", f.initialK, &s.InitialK}, {"final-k", f.finalK, &s.FinalK}} {
		if !set(k.name) {
			continue
		}
		if k.value < 1 {
			return fmt.Errorf("--%s %d: expected at least 1 document", k.name, k.value)
		}
		*k.dst = k.value
	}
	if set("query") {
		s.Query = f.query
	}
	if set("step") {
		s.Step = f.step
	}
	if set("budget") {
		if f.pipeline.budget < 0 {
			return fmt.Errorf("--budget %d is negative: a token budget is 0 or more", f.pipeline.budget)
		}
		if set("rag-budget") && f.budget.rag != f.pipeline.budget {
			return fmt.Errorf("--budget %d and --rag-budget %d disagree: in assemble --budget is the retrieved-context allocation; give one of them", f.pipeline.budget, f.budget.rag)
		}
		s.Budget.RetrievedContext = f.pipeline.budget
	}
	return applyPipelineFlags(fs, &f.pipeline, s)
}

// applyMemoryFlags applies --memory, --priority-pattern, --summarize-every
// and --keep-recent, checking each with its flag's name.
func applyMemoryFlags(fs *flagSet, f *assembleFlags, m *core.MemoryOptions) error {
	if flagWasSet(fs, "memory") {
		strategy, err := core.ParseMemoryStrategy(f.memory)
		if err != nil {
			return fmt.Errorf("--memory: %w", err)
		}
		m.Strategy = strategy
	}
	if len(f.patterns) > 0 {
		for _, p := range f.patterns {
			if _, err := regexp.Compile(p); err != nil {
				return fmt.Errorf("--priority-pattern %s does not compile: %v", quoted(p), err)
			}
		}
		m.Patterns = append([]string(nil), f.patterns...)
	}
	if flagWasSet(fs, "summarize-every") {
		if f.summarizeEvery < 1 {
			return fmt.Errorf("--summarize-every %d: expected at least 1 message", f.summarizeEvery)
		}
		m.SummarizeEvery = f.summarizeEvery
	}
	if flagWasSet(fs, "keep-recent") {
		if f.keepRecent < 1 {
			return fmt.Errorf("--keep-recent %d: expected at least 1 message", f.keepRecent)
		}
		m.KeepRecent = f.keepRecent
	}
	return nil
}

// applyMaxTurns applies --max-turns, format_memory's turns.
func applyMaxTurns(fs *flagSet, f *assembleFlags, s *core.Settings) error {
	if !flagWasSet(fs, "max-turns") {
		return nil
	}
	if f.maxTurns < 0 {
		return fmt.Errorf("--max-turns %d is negative; expected 0 (the whole history) or more turns", f.maxTurns)
	}
	s.MaxTurns = f.maxTurns
	return nil
}

// applyPipelineFlags applies the ContextManager's flags given, and picks
// the tokenizer from --model and --tokenizer.
func applyPipelineFlags(fs *flagSet, p *pipelineFlags, s *core.Settings) error {
	set := func(name string) bool { return flagWasSet(fs, name) }
	o := &s.Pipeline
	switch {
	case set("model"):
		model, err := resolveModelFlags(p.model, p.tokenizer, set("tokenizer"))
		if err != nil {
			return err
		}
		s.Model = p.model
		o.Tokenizer = model.Tokenizer
		// The model brings its window, as the workbench's model control
		// does, over a scenario's window: or a preset's; --window wins.
		if model.Window > 0 && !set("window") {
			s.Budget.TotalWindow = model.Window
		}
	case set("tokenizer"):
		tok, err := core.TokenizerByName(p.tokenizer)
		if err != nil {
			return fmt.Errorf("--tokenizer: %w", err)
		}
		o.Tokenizer = tok
	}
	if set("budget-mode") {
		mode, err := core.ParseBudgetMode(p.budgetMode)
		if err != nil {
			return fmt.Errorf("--budget-mode: %w", err)
		}
		o.BudgetMode = mode
	}
	if set("dedup-threshold") {
		o.DedupThreshold = p.dedupThreshold
	}
	if set("min-doc-tokens") {
		o.MinDocTokens = p.minDocTokens
	}
	if set("lost-in-middle") {
		o.LostInMiddle = p.lostInMiddle
	}
	if set("shingle-size") {
		o.ShingleSize = p.shingleSize
	}
	if set("summarize-overflow") {
		o.SummarizeOverflow = p.summarizeOverflow
	}
	if set("partial-min") {
		o.PartialMinRemaining = p.partialMin
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

func joinStrings(items []string) string {
	out := ""
	for i, s := range items {
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out
}
