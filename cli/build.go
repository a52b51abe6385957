package cli

import (
	"encoding/json"
	"fmt"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/core/value"
	"ctxlab/loaders"
)

const buildUsage = `
ctxlab build runs the reference ContextManager pipeline on a document set:
filter, sort, deduplicate, reorder, budget, format. It prints a report of
every stage (--format text) or the reference's result as JSON with the
trace of every document (--format json).

Usage:
  ctxlab build --docs FILE [--budget N] [--tokenizer NAME | --model NAME]
               [--dedup-threshold F] [--min-doc-tokens N] [--lost-in-middle=true|false]
               [--shingle-size K] [--budget-mode reference|strict] [--summarize-overflow]
               [--format text|json]

  --budget is the context block's budget, the pipeline's; in ctxlab
  assemble, --budget is the retrieved-context allocation (as --rag-budget),
  which is the pipeline's budget there. The pipeline options, --tokenizer,
  --model and --max-turns are the same knobs as in ctxlab assemble and the
  workbench.

  --docs - reads documents from stdin. Formats are detected from the content:
  JSON Lines or JSON arrays of {content, score, source, metadata}, LangChain,
  LlamaIndex, Chroma, Pinecone, Qdrant and Tavily results, CSV with a header,
  or a directory of .md/.txt files.
`

type buildFlags struct {
	docs         string
	docFormat    string
	perParagraph bool
	history      string
	format       string
	// budget is the pipeline's budget: the retrieved-context block's.
	budget int
	knobs  knobFlags
}

func runBuild(env Env, args []string) error {
	var f buildFlags
	fs := newBuildFlagSet(env, &f)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	return f.run(env, fs)
}

func newBuildFlagSet(env Env, f *buildFlags) *flagSet {
	fs := newFlagSet(env, "build", buildUsage)
	fs.StringVar(&f.docs, "docs", "", "documents: a file, a directory of .md/.txt files, or - for stdin")
	fs.StringVar(&f.docFormat, "doc-format", loaders.FormatAuto, "force the document format: "+joinFormats())
	fs.BoolVar(&f.perParagraph, "per-paragraph", false, "directory input: one document per paragraph instead of per file")
	fs.StringVar(&f.history, "history", "", "chat history file; the text report shows format_memory's block")
	fs.StringVar(&f.format, "format", "text", "output: text or json")
	fs.IntVar(&f.budget, "budget", pipeline.DefaultBudget, "token budget for the context block")
	f.knobs.register(fs, true)
	return fs
}

func (f *buildFlags) run(env Env, fs *flagSet) error {
	if f.format != "text" && f.format != "json" {
		return fmt.Errorf("--format %s: expected text or json", quoted(f.format))
	}
	if f.docs == "" {
		if env.StdinIsTTY {
			return fmt.Errorf("build: no documents: pass --docs FILE (or --docs - to read stdin)")
		}
		f.docs = "-"
	}
	settings := core.DefaultSettings()
	if err := f.knobs.apply(fs, &settings, core.KnobContext{}, nil); err != nil {
		return err
	}
	opts := pipeline.Options{Settings: settings.Pipeline, Budget: f.budget}
	if err := core.ValidateOptions(opts); err != nil {
		return flagError(err)
	}
	set, err := loaders.LoadDocumentSet(f.docs, env.Stdin, loaders.DocOptions{Format: f.docFormat, PerParagraph: f.perParagraph})
	if err != nil {
		return err
	}
	docs, format := set.Docs, set.Format
	printSkipNotes(env, set.SkipNotes(displayPath(f.docs)))
	var history []value.Message
	if f.history != "" {
		if history, err = loaders.LoadHistory(f.history, env.Stdin); err != nil {
			return err
		}
	}
	res, err := pipeline.Build(pipeline.Analyze(docs), opts)
	if err != nil {
		return flagError(err)
	}
	if f.format == "json" {
		out, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(env.Stdout, "%s\n", out)
		return err
	}
	input := buildInput{docsPath: f.docs, docFormat: format, docs: docs, opts: opts, history: history, maxTurns: settings.MaxTurns}
	return writeBuildReport(env.Stdout, input, res)
}

func joinFormats() string {
	s := ""
	for i, f := range loaders.DocumentFormats {
		if i > 0 {
			s += ", "
		}
		s += f
	}
	return s
}
