package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/pipeline"
	"ctxlab/core/value"
	"ctxlab/internal/inputwatch"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/docs"
	historyload "ctxlab/loaders/history"
)

const buildUsage = `
ctxlab build runs the reference ContextManager pipeline on a document set:
filter, sort, deduplicate, reorder, budget, format. It prints a report of
every stage (--format text) or the reference's result as JSON with the
trace of every document (--format json); with --tokenizer heuristic that
result is the reference's byte for byte. Both lead with the findings: strong
documents lost, near duplicates that state different facts, a block over
its budget, token counts that are estimates ("findings" in the JSON, after
the reference's keys and the trace).

Usage:
  ctxlab build --docs FILE | --scenario FILE [--budget N] [--tokenizer NAME | --model NAME]
               [--dedup-threshold F] [--min-doc-tokens N] [--lost-in-middle=true|false]
               [--shingle-size K] [--budget-mode reference|strict] [--summarize-overflow]
               [--format text|json|markdown] [--watch]

  --budget is the context block's budget. In ctxlab assemble and the
  workbench, --budget is the retrieved-context allocation (as
  --rag-budget), which the pipeline then takes as its budget. The pipeline options, --tokenizer,
  --model and --max-turns are the same knobs as in ctxlab assemble and the
  workbench.

  --scenario runs the pipeline on a scenario's documents with its
  settings and its retrieved-context allocation as the budget, as the
  workbench does; the flags given override them, and --history replaces
  its history.

  --docs - reads documents from stdin. Formats are detected from the content:
  JSON Lines or JSON arrays of {content, score, source, metadata}, LangChain,
  LlamaIndex, Chroma, Pinecone, Qdrant and Tavily results, CSV with a header,
  or a directory of .md/.txt files.
`

type buildFlags struct {
	docs string
	// spanID takes the documents and query of a retrieval span of the
	// traces file given to --docs.
	spanID string
	// scenario is --scenario: its documents, settings and allocation.
	scenario     string
	allowOutside bool
	docFormat    string
	perParagraph bool
	history      string
	format       string
	// budget is the pipeline's budget: the retrieved-context block's.
	budget int
	knobs  knobFlags
	prices pricesFlag
	// watch runs again each time an input file changes.
	watch bool
}

func runBuild(env Env, args []string) error {
	var f buildFlags
	fs := newBuildFlagSet(env, &f)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if f.watch {
		var w inputwatch.Paths
		w.AddScenario(f.scenario)
		w.AddInput(f.docs)
		w.AddFile(f.history)
		w.AddFile(f.prices.path)
		return watching(env, "build", args, runBuild, w)
	}
	return f.run(env, fs)
}

func newBuildFlagSet(env Env, f *buildFlags) *flagSet {
	fs := newFlagSet(env, "build", buildUsage)
	f.registerPipelineInput(fs)
	fs.StringVar(&f.history, "history", "", "chat history file; the text report shows format_memory's block")
	fs.StringVar(&f.format, "format", "text", "output: text, json or markdown (a summary for a CI job or pull request)")
	fs.BoolVar(&f.watch, "watch", false, watchHelp)
	f.prices.register(fs)
	return fs
}

// registerPipelineInput registers the flags of the pipeline's input and
// options, which build and sweep share.
func (f *buildFlags) registerPipelineInput(fs *flagSet) {
	fs.StringVar(&f.docs, "docs", "", "documents: a file, a directory of .md/.txt files, or - for stdin")
	fs.StringVar(&f.spanID, "span-id", "", "--docs is an OTLP JSON traces file: the documents and query of this retrieval span (ctxlab traces FILE lists them)")
	fs.StringVar(&f.scenario, "scenario", "", scenarioHelp)
	fs.BoolVar(&f.allowOutside, "allow-outside", false, allowOutsideHelp)
	fs.StringVar(&f.docFormat, "doc-format", docs.FormatAuto, "force the document format: "+joinFormats())
	fs.BoolVar(&f.perParagraph, "per-paragraph", false, "directory input: one document per paragraph instead of per file")
	fs.IntVar(&f.budget, "budget", pipeline.DefaultBudget, "token budget for the context block")
	f.knobs.register(fs, true)
}

func (f *buildFlags) run(env Env, fs *flagSet) error {
	if err := checkFormatMarkdown(f.format); err != nil {
		return err
	}
	settings, opts, set, err := f.loadPipelineInput(env, fs, "build")
	if err != nil {
		return err
	}
	docs, format := set.Docs, set.Format
	history := set.history
	if f.history != "" {
		if history, err = historyload.Load(f.history, env.Stdin); err != nil {
			return err
		}
	}
	analysis := pipeline.Analyze(docs)
	countTokensShowingProgress(env, analysis, opts.Tokenizer)
	res, err := pipeline.Build(analysis, opts)
	if err != nil {
		return flagError(err)
	}
	findings := diagnose.Diagnose(diagnose.Input{Documents: docs, Build: res, Pipeline: opts.Settings, RAGBudget: opts.Budget, Model: settings.Model, CountEstimate: core.CountEstimateNote(settings)})
	prices, err := f.prices.load()
	if err != nil {
		return err
	}
	// The block alone is priced: it is the part of a request build makes;
	// the reply is not part of it.
	cost := core.CostOfTokens(settings.Model, res.TokensUsed, 0, prices)
	if f.format == "json" {
		return writeBuildJSON(env.Stdout, res, findings, costJSONOf(cost, prices))
	}
	input := buildInput{docsPath: f.inputName(), docFormat: format, docs: docs, opts: opts, history: history, maxTurns: settings.MaxTurns, findings: findings,
		cost: cost, prices: prices, budgetIsDefault: !flagWasSet(fs, "budget") && f.scenario == "", budgetFromScenario: !flagWasSet(fs, "budget") && f.scenario != ""}
	if f.format == "markdown" {
		return writeMarkdown(env.Stdout, buildReportModel(input, res))
	}
	return writeBuildReport(env.Stdout, input, res)
}

// loadPipelineInput reads the settings from the flags and loads the
// documents, with their notes on stderr; command names the caller in the
// message for missing documents.
func (f *buildFlags) loadPipelineInput(env Env, fs *flagSet, command string) (core.Settings, pipeline.Options, pipelineInput, error) {
	if f.scenario != "" {
		settings, sc, err := f.scenarioPipelineInput(fs)
		if err != nil {
			return settings, pipeline.Options{}, pipelineInput{}, err
		}
		opts, err := f.pipelineOptions(env, settings)
		if err != nil {
			return settings, opts, pipelineInput{}, err
		}
		warnDistanceLike(env, settings.Pipeline.Scores, sc.Documents)
		return settings, opts, pipelineInput{Set: docs.Set{Docs: sc.Documents, Format: "scenario"}, history: sc.History}, nil
	}
	settings := core.DefaultSettings()
	if f.docs == "" {
		if env.StdinIsTTY {
			return settings, pipeline.Options{}, pipelineInput{}, fmt.Errorf("%s: no documents: pass --docs FILE (or --docs - to read stdin) or --scenario FILE", command)
		}
		f.docs = "-"
	}
	span, err := f.retrievalSpan(env, fs)
	if err != nil {
		return settings, pipeline.Options{}, pipelineInput{}, err
	}
	if span != nil {
		settings.Query = span.Settings.Query // --query still overrides it
	}
	if err := f.knobs.apply(fs, &settings, core.KnobContext{}, nil); err != nil {
		return settings, pipeline.Options{}, pipelineInput{}, err
	}
	opts, err := f.pipelineOptions(env, settings)
	if err != nil {
		return settings, opts, pipelineInput{}, err
	}
	if span != nil {
		return settings, opts, pipelineInput{Set: docs.Set{Docs: span.Documents, Format: "retrieval span"}}, nil
	}
	set, err := docs.LoadSet(f.docs, env.Stdin, docs.Options{Format: f.docFormat, PerParagraph: f.perParagraph})
	if err != nil {
		return settings, opts, pipelineInput{}, err
	}
	printSkipNotes(env, set.SkipNotes(displayPath(f.docs)))
	warnDistanceLike(env, settings.Pipeline.Scores, set.Docs)
	return settings, opts, pipelineInput{Set: set}, nil
}

// pipelineInput is what the pipeline runs on: the documents, and the
// history a scenario carries.
type pipelineInput struct {
	docs.Set
	history []value.Message
}

// pipelineOptions are the pipeline's options from the settings and the
// budget, checked, with the note that counts are estimates on stderr.
func (f *buildFlags) pipelineOptions(env Env, settings core.Settings) (pipeline.Options, error) {
	if note := core.CountEstimateNote(settings); note != "" {
		// stderr, so --format json stays the result alone.
		fmt.Fprintln(env.Stderr, "ctxlab: note: "+safetext.Line(note))
	}
	opts := pipeline.Options{Settings: settings.Pipeline, Budget: f.budget}
	if err := core.ValidateOptions(opts); err != nil {
		return opts, flagError(err)
	}
	return opts, nil
}

// writeBuildJSON writes the reference's result and the trace, exactly as
// pipeline.Result writes them, with "findings" and "cost" added last: the
// keys the reference defines keep their bytes, and these sit outside them
// as the trace does. The result is written indented in one pass
// (StreamIndentedJSON), the same bytes as marshalling and indenting it,
// and reaches w in pieces of about jsonPieceSize, each made inert for a
// terminal (safetext.EscapeJSON), so a large result is never held whole
// nor copied as a buffer grows.
func writeBuildJSON(w io.Writer, res *pipeline.Result, findings []diagnose.Finding, cost costJSON) error {
	costData, err := json.Marshal(cost)
	if err != nil {
		return err
	}
	emit := func(piece []byte) error {
		_, err := w.Write(safetext.EscapeJSON(piece))
		return err
	}
	out, err := res.StreamIndentedJSON(make([]byte, 0, jsonPieceSize+64<<10), jsonPieceSize, emit)
	if err != nil {
		return err
	}
	if err := emit(append(out, ",\n  \"findings\": "...)); err != nil {
		return err
	}
	if err := writeFindingsJSON(w, findings, 1); err != nil {
		return err
	}
	out = out[:0]
	var indented bytes.Buffer
	if err := json.Indent(&indented, costData, "  ", "  "); err != nil {
		return err
	}
	out = append(out, ",\n  \"cost\": "...)
	out = append(out, indented.Bytes()...)
	return emit(append(out, "\n}\n"...))
}

// jsonPieceSize is how many bytes of build's JSON are gathered before
// they are written: few writes, and a buffer that stays in the cache's
// neighbourhood rather than the result's size.
const jsonPieceSize = 256 << 10

func joinFormats() string {
	s := ""
	for i, f := range docs.Formats {
		if i > 0 {
			s += ", "
		}
		s += f
	}
	return s
}
