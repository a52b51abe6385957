package cli

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"ctxlab/core"
	"ctxlab/core/evalrun"
	"ctxlab/core/pipeline"
	"ctxlab/internal/inputwatch"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/evalinput"
)

var evalUsage = `
ctxlab eval runs the reference ContextManager pipeline once per query of a
retrieval run and reports what reaches each query's context: with
relevance judgments, the context recall (relevant documents the request
sends, whole or in part, once the assembler cuts the block to the
retrieved context's allocation, over relevant documents retrieved), the
block's recall before that cut, and where each lost relevant document
was lost (filtered, duplicate, over budget, cut by the assembler); for
every query the documents in the block and sent, duplicates removed and
tokens used.

Usage:
  ctxlab eval --run FILE [--corpus FILE --queries FILE] [--qrels FILE [--strict-qrels]]
              [--scenario FILE] [--budget N] [--tokenizer NAME | --model NAME]
              [--dedup-threshold F] [--min-doc-tokens N] [--lost-in-middle=true|false]
              [--shingle-size K] [--budget-mode reference|strict] [--summarize-overflow]
              [--rerank [--initial-k N] [--final-k N]] [--format text|json|csv|markdown]
              [--sweep ` + strings.Join(evalSweepNames(), "|") + `] [--watch]

  --run is a TREC run file ("qid Q0 docid rank score tag"), which needs
  --corpus (BEIR's corpus.jsonl: "_id", "title", "text" a line) and takes
  --queries (BEIR's queries.jsonl: "_id", "text"); or JSON Lines of one
  query a line with its documents:
    {"qid": "q1", "query": "...", "docs": [{"id": "d1", "title": "...", "text": "...", "score": 12.5}]}
  A document's content is its text, after its title and a blank line when
  the title is not empty; its score the run's score, its source its id.
  --qrels is TREC qrels ("qid 0 docid relevance") or BEIR's qrels TSV
  (header "query-id corpus-id score"); a relevance above 0 is relevant.
  A query and document judged twice is a warning naming both lines (the
  last counts); --strict-qrels makes it an error.
  --budget is each query's context budget, as in ctxlab build. With
  --tokenizer heuristic each query's context is the reference's own build.

  --rerank reranks each query's documents by BM25 against its text first,
  as the article's two-stage retrieval does; the documents it drops are
  lost "reranked out".

  --sweep runs every query once per value of one knob, every other
  option as given, and reports the aggregate for each: context recall,
  relevant documents lost, tokens used, duplicates removed.

` + sweepKnobLines("--sweep ", evalSweepName) + `
  --scenario takes the settings from a scenario file, its retrieved-context
  allocation as the budget, and, when it has an eval: key (run, corpus,
  queries, qrels: paths relative to it), the run; flags override both.
`

type evalFlags struct {
	files    evalinput.Files
	scenario string
	format   string
	budget   int
	// sweep names the knob to sweep over the aggregate, "" for one run.
	sweep string
	knobs knobFlags
	// allowOutside lets the scenario's paths leave its folder.
	allowOutside bool
	// strictQrels refuses a qrels file that judges a query and
	// document twice, instead of warning.
	strictQrels bool
	// watch runs again each time an input file changes.
	watch bool
}

func runEval(env Env, args []string) error {
	var f evalFlags
	fs := newEvalFlagSet(env, &f)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if f.watch {
		var w inputwatch.Paths
		w.AddScenario(f.scenario)
		for _, p := range []string{f.files.Run, f.files.Corpus, f.files.Queries, f.files.Qrels} {
			w.AddFile(p)
		}
		return watching(env, "eval", args, runEval, w)
	}
	return f.run(env, fs)
}

// evalKnobIDs are the knobs eval takes beside the pipeline's: reranking
// reads each query's own text, which a run carries.
var evalKnobIDs = []string{core.KnobIDRerank, "initial-k", "final-k"}

// evalTakes reports whether eval takes knob k as a flag, and so runs
// under it.
func evalTakes(k *core.Knob) bool { return k.InBuild || slices.Contains(evalKnobIDs, k.ID) }

func newEvalFlagSet(env Env, f *evalFlags) *flagSet {
	fs := newFlagSet(env, "eval", evalUsage)
	registerEvalFiles(fs, &f.files, &f.strictQrels)
	fs.StringVar(&f.scenario, "scenario", "", scenarioHelp)
	fs.StringVar(&f.format, "format", "text", "output: text, json, csv or markdown (a summary for a CI job or pull request)")
	fs.StringVar(&f.sweep, "sweep", "", "a knob to sweep over the aggregate: "+strings.Join(evalSweepNames(), ", "))
	fs.BoolVar(&f.allowOutside, "allow-outside", false, allowOutsideHelp)
	fs.IntVar(&f.budget, "budget", pipeline.DefaultBudget, "token budget for each query's context block")
	f.knobs.register(fs, true, evalKnobIDs...)
	fs.BoolVar(&f.watch, "watch", false, watchHelp)
	return fs
}

func (f *evalFlags) run(env Env, fs *flagSet) error {
	if f.format != "text" && f.format != "json" && f.format != "csv" && f.format != "markdown" {
		return fmt.Errorf("--format %s: expected text, json, csv or markdown", quoted(f.format))
	}
	if f.format == "markdown" && f.sweep != "" {
		return fmt.Errorf("--format markdown summarizes one run; --sweep writes text, json or csv")
	}
	var swept *core.Knob
	if f.sweep != "" {
		k, err := evalSweepKnob(f.sweep)
		if err != nil {
			return err
		}
		swept = k
	}
	settings := core.DefaultSettings()
	settings.Budget.RetrievedContext = f.budget
	if f.scenario != "" {
		presets, err := presetSet("")
		if err != nil {
			return err
		}
		sc, err := loadScenario(f.scenario, presets, f.allowOutside)
		if err != nil {
			return err
		}
		settings = sc.Settings
		if f.files.Run == "" {
			// The scenario's run, with any of its files the flags name
			// replaced: --qrels FILE judges the scenario's run anew.
			from := evalinput.Files(sc.EvalRun)
			f.files.Run = from.Run
			f.files.Corpus = cmp.Or(f.files.Corpus, from.Corpus)
			f.files.Queries = cmp.Or(f.files.Queries, from.Queries)
			f.files.Qrels = cmp.Or(f.files.Qrels, from.Qrels)
		}
	}
	if f.files.Run == "" {
		return fmt.Errorf("eval: no run: pass --run FILE (a TREC run file with --corpus, or JSON Lines of queries with their documents), or a --scenario with an eval: key")
	}
	if f.files.Corpus == "" && f.files.Queries != "" {
		return fmt.Errorf("--queries goes with a TREC run and its --corpus; a JSON Lines run carries its queries")
	}
	if err := f.knobs.apply(fs, &settings, core.KnobContext{}, nil); err != nil {
		return err
	}
	if flagWasSet(fs, "budget") {
		settings.Budget.RetrievedContext = f.budget
	}
	if err := core.ValidateOptions(pipeline.Options{Settings: settings.Pipeline, Budget: settings.Budget.RetrievedContext}); err != nil {
		return flagError(err)
	}
	if note := core.CountEstimateNote(settings); note != "" {
		fmt.Fprintln(env.Stderr, "ctxlab: note: "+safetext.Line(note))
	}
	set, err := evalinput.LoadWith(f.files, evalLoadOptions(env, f.strictQrels))
	if err != nil {
		return err
	}
	if w := evalDistanceWarning(settings.Pipeline.Scores, set); w != "" {
		fmt.Fprintln(env.Stderr, "ctxlab: warning: "+w)
	}
	prepared := evalrun.OnePass(set)
	if swept != nil {
		return f.writeSweep(env, prepared, settings, swept)
	}
	rep, err := prepared.Run(context.Background(), settings)
	if err != nil {
		return flagError(err)
	}
	switch f.format {
	case "json":
		return writeEvalJSON(env.Stdout, set, rep)
	case "csv":
		return writeEvalCSV(env.Stdout, rep)
	case "markdown":
		r, err := evalReportModel(f.files, set, rep)
		if err != nil {
			return flagError(err)
		}
		return writeMarkdown(env.Stdout, r)
	}
	return writeEvalText(env.Stdout, f.files, set, rep)
}

// writeSweep runs the set once per value of knob k and writes the
// aggregates in the chosen format.
func (f *evalFlags) writeSweep(env Env, prepared *evalrun.Prepared, settings core.Settings, k *core.Knob) error {
	sw, err := prepared.Sweep(context.Background(), settings, k)
	if err != nil {
		return flagError(err)
	}
	if sw.Note != "" {
		fmt.Fprintln(env.Stderr, "ctxlab: note: "+sw.Note)
	}
	switch f.format {
	case "json":
		return writeEvalSweepJSON(env.Stdout, sw)
	case "csv":
		return writeEvalSweepCSV(env.Stdout, sw)
	}
	return writeEvalSweepText(env.Stdout, f.files, prepared.Set.Judged, sw)
}

// strictQrelsHelp describes --strict-qrels alike in eval and the workbench.
const strictQrelsHelp = "refuse relevance judgments that grade a query and document twice (default: warn, the last line counts)"

// evalLoadOptions reads a retrieval run's files with their warnings on
// stderr, or repeated judgments refused under --strict-qrels.
func evalLoadOptions(env Env, strictQrels bool) evalinput.Options {
	return evalinput.Options{StrictQrels: strictQrels, Warn: func(w string) {
		fmt.Fprintln(env.Stderr, "ctxlab: warning: "+safetext.Line(w))
	}}
}
