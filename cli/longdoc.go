package cli

import (
	"context"
	"fmt"
	"strings"

	"ctxlab/core"
	"ctxlab/core/longdoc"
	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

const longdocUsage = `
ctxlab longdoc plans, and with --run carries out, one of the article's two
strategies for a document too long for one call. The document is split at
paragraph boundaries (blank lines) into chunks under --chunk-size tokens,
as the article's split_into_chunks does.

  hierarchical  one summary per chunk (max_tokens 300), then one more call
                combining them (max_tokens 800) only if the chunk
                summaries together exceed 3000 tokens.
  map-reduce    every chunk answers --question from that section alone
                (max_tokens 500) or says NOT FOUND; one reduce call
                (max_tokens 1000) synthesizes the answers, unless every
                section said NOT FOUND.

The plan needs no model: it lists the chunks with their tokens, every call
with its stage, prompt tokens (exact, or an upper bound marked ≤ when the
prompt holds outputs not yet written) and max_tokens, and the number of
calls, min..max. --run then makes the calls through the summarizer and
prints each step's output and the result.

Usage:
  ctxlab longdoc FILE|- [--strategy hierarchical|map-reduce] [--chunk-size N]
                 [--question TEXT] [--tokenizer NAME | --model NAME]
                 [--run] [--format text|json]
                 [--summarizer extractive|llm] [--llm-base-url URL] [--llm-model NAME]
                 [--llm-timeout DURATION]
                 [--llm-api-key-file FILE | --llm-api-key-env NAME]

  - reads the document from stdin; so does no FILE, when stdin is piped or
  redirected (not a terminal). --chunk-size defaults to the
  article's: 4000 tokens for hierarchical, 6000 for map-reduce. --model
  picks the tokenizer the plan counts with; the model that writes the
  summaries is --llm-model.

  --run uses the extractive summarizer, offline and deterministic, unless
  an LLM is configured: --summarizer llm, --llm-base-url or --llm-model, or
  CTXLAB_LLM_BASE_URL or CTXLAB_LLM_MODEL in the environment. A call the LLM
  fails is answered by the extractive summary and reported on stderr; after
  a failure of the endpoint itself (timeout, refused connection or key,
  server error) the model is not asked again in that run. The API key is
  read from a file (--llm-api-key-file) or the environment
  (--llm-api-key-env names the variable), never from the command line
  itself, and is never printed.
`

type longdocFlags struct {
	strategy  string
	chunkSize int
	question  string
	tokenizer string
	model     string
	run       bool
	format    string
	llm       llmFlags
}

// longdocOutput is what longdoc prints: the plan, and the run when --run.
type longdocOutput struct {
	Input      string         `json:"input"`
	Summarizer summarizerJSON `json:"summarizer"`
	Plan       longdoc.Plan   `json:"plan"`
	Run        *longdoc.Run   `json:"run,omitempty"`
	// Fallbacks are the LLM's failures during the run, each answered by
	// the extractive summary.
	Fallbacks []fallbackEntry `json:"fallbacks,omitempty"`
	// InputNotes are about reading the input, not the plan.
	InputNotes []string `json:"input_notes,omitempty"`
}

func runLongdoc(env Env, args []string) error {
	var f longdocFlags
	fs := newFlagSet(env, "longdoc", longdocUsage)
	fs.StringVar(&f.strategy, "strategy", string(longdoc.Hierarchical), "hierarchical (summarize each chunk, then combine) or map-reduce (answer --question per chunk, then synthesize)")
	fs.IntVar(&f.chunkSize, "chunk-size", 0, fmt.Sprintf("tokens per chunk (default: %s for hierarchical, %s for map-reduce, as the article)", numfmt.Thousands(longdoc.DefaultHierarchicalChunkSize), numfmt.Thousands(longdoc.DefaultMapReduceChunkSize)))
	fs.StringVar(&f.question, "question", "", "map-reduce: the question every chunk is asked")
	fs.StringVar(&f.tokenizer, "tokenizer", tokens.TokenizerO200K, "tokenizer the plan counts with: "+strings.Join(tokens.Names, ", "))
	fs.StringVar(&f.model, "model", "", core.KnobByID(core.KnobIDModel).Help)
	fs.BoolVar(&f.run, "run", false, "carry the plan out through the summarizer and print every step's output and the result")
	fs.StringVar(&f.format, "format", "text", "output: text or json")
	f.llm.register(fs)
	inputs, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if err := checkFormat(f.format); err != nil {
		return err
	}
	strategy, err := parseLongDocStrategy(f.strategy)
	if err != nil {
		return err
	}
	if flagWasSet(fs, "chunk-size") && f.chunkSize < 1 {
		return fmt.Errorf("--chunk-size %s: expected a positive number of tokens", numfmt.Thousands(f.chunkSize))
	}
	question := strings.TrimSpace(f.question)
	switch {
	case strategy == longdoc.MapReduce && question == "":
		return fmt.Errorf("--strategy map-reduce needs --question TEXT: every chunk is asked that question")
	case strategy == longdoc.Hierarchical && flagWasSet(fs, "question"):
		return fmt.Errorf("--question goes with --strategy map-reduce; hierarchical summarizes without one")
	}
	model, err := resolveModelFlags(f.model, f.tokenizer, flagWasSet(fs, "tokenizer"))
	if err != nil {
		return err
	}
	tok := model.Tokenizer
	var modelNotes []string
	if model.Note != "" {
		modelNotes = append(modelNotes, model.Note)
	}
	sum, err := f.llm.build(env, fs, true)
	if err != nil {
		return err
	}

	if len(inputs) > 1 {
		return fmt.Errorf("longdoc: one document at a time; got %s (%s, %s, ...)", numfmt.Thousands(len(inputs)), safetext.Line(inputs[0]), safetext.Line(inputs[1]))
	}
	input := "-"
	if len(inputs) == 1 {
		input = inputs[0]
	} else if env.StdinIsTTY {
		return fmt.Errorf("longdoc: no document: pass FILE, or - to read stdin")
	}
	doc, notes, err := readLongDoc(env, input)
	if err != nil {
		return err
	}

	out := longdocOutput{Input: displayPath(input), Summarizer: sum.JSON(), InputNotes: append(modelNotes, notes...)}
	if strategy == longdoc.MapReduce {
		out.Plan = longdoc.PlanMapReduce(doc, question, f.chunkSize, tok)
	} else {
		out.Plan = longdoc.PlanHierarchical(doc, f.chunkSize, tok)
	}
	var runErr error
	if f.run {
		var r longdoc.Run
		if strategy == longdoc.MapReduce {
			r, runErr = longdoc.RunMapReduce(context.Background(), out.Plan, sum.Summarizer)
		} else {
			r, runErr = longdoc.RunHierarchical(context.Background(), out.Plan, sum.Summarizer)
		}
		if runErr == nil {
			out.Run = &r
		}
		out.Fallbacks = sum.Fallbacks.Entries()
		for _, line := range sum.Fallbacks.Lines() {
			fmt.Fprintln(env.Stderr, safetext.Line(line))
		}
	}
	if runErr != nil {
		return fmt.Errorf("longdoc %s: %w", safetext.Line(out.Input), runErr)
	}
	if f.format == "json" {
		return writeJSON(env.Stdout, out)
	}
	return writeLongdocReport(env.Stdout, out, f.run)
}

// parseLongDocStrategy checks --strategy.
func parseLongDocStrategy(s string) (longdoc.Strategy, error) {
	switch longdoc.Strategy(strings.TrimSpace(s)) {
	case longdoc.Hierarchical:
		return longdoc.Hierarchical, nil
	case longdoc.MapReduce, "mapreduce", "map_reduce":
		return longdoc.MapReduce, nil
	}
	return "", fmt.Errorf("--strategy %s: expected %s or %s", quoted(s), longdoc.Hierarchical, longdoc.MapReduce)
}

// readLongDoc reads the document. A UTF-8 byte-order mark is dropped. Windows line endings are made "\n", or
// no paragraph boundary ("\n\n") would be found; a document with no text
// is refused, since there is nothing to plan.
func readLongDoc(env Env, input string) (string, []string, error) {
	var data string
	var err error
	if input == "-" {
		if data, err = readStdin(env); err != nil {
			return "", nil, err
		}
	} else if data, err = readInputFile(input); err != nil {
		return "", nil, err
	}
	// A leading byte-order mark is dropped, as the document loaders drop
	// it: it is an editor's marker, not a token of the document.
	doc := strings.TrimPrefix(data, "\uFEFF")
	var notes []string
	if strings.Contains(doc, "\r\n") {
		doc = strings.ReplaceAll(doc, "\r\n", "\n")
		notes = append(notes, "Windows line endings (CRLF) read as \\n, so blank lines separate paragraphs")
	}
	if strings.TrimSpace(doc) == "" {
		return "", nil, fmt.Errorf("%s: the document is empty: nothing to split into chunks", displayPath(input))
	}
	return doc, notes, nil
}
