package cli

import (
	"errors"
	"fmt"

	"ctxlab/core"
)

// pipelineFlags are the ContextManager's knobs as command-line flags,
// shared by build, assemble and the workbench.
type pipelineFlags struct {
	budget            int
	tokenizer         string
	model             string
	dedupThreshold    float64
	minDocTokens      int
	lostInMiddle      bool
	shingleSize       int
	budgetMode        string
	summarizeOverflow bool
	partialMin        int
}

func (p *pipelineFlags) register(fs *flagSet) {
	d := core.DefaultOptions()
	fs.IntVar(&p.budget, "budget", core.DefaultBudget, "token budget for the context block")
	fs.StringVar(&p.tokenizer, "tokenizer", core.TokenizerO200K, "tokenizer: heuristic, cl100k_base or o200k_base")
	fs.StringVar(&p.model, "model", "", "model name; picks its tokenizer (gpt-4o, gpt-4.1, o3, gpt-4, ...)")
	fs.Float64Var(&p.dedupThreshold, "dedup-threshold", d.DedupThreshold, "Jaccard similarity at or above which a document is a near duplicate, in [0, 1]")
	fs.IntVar(&p.minDocTokens, "min-doc-tokens", d.MinDocTokens, "drop documents with fewer tokens")
	fs.BoolVar(&p.lostInMiddle, "lost-in-middle", d.LostInMiddle, "place the strongest documents at both ends (--lost-in-middle=false to turn off)")
	fs.IntVar(&p.shingleSize, "shingle-size", d.ShingleSize, "words per shingle for near-duplicate detection")
	fs.StringVar(&p.budgetMode, "budget-mode", string(d.BudgetMode), "reference (headers not budgeted, as the reference) or strict (the block never exceeds the budget)")
	fs.BoolVar(&p.summarizeOverflow, "summarize-overflow", d.SummarizeOverflow, "represent documents that do not fit by a one-sentence synopsis")
	fs.IntVar(&p.partialMin, "partial-min", d.PartialMinRemaining, "tokens that must remain (strictly more) to include an overflowing document in part")
}

// options turns the flags into validated core options. tokenizerSet
// reports whether --tokenizer was given, so --model can pick one.
func (p *pipelineFlags) options(tokenizerSet bool) (core.Options, error) {
	opts := core.DefaultOptions()
	model, err := resolveModelFlags(p.model, p.tokenizer, tokenizerSet)
	if err != nil {
		return opts, err
	}
	tok := model.Tokenizer
	mode, err := core.ParseBudgetMode(p.budgetMode)
	if err != nil {
		return opts, fmt.Errorf("--budget-mode: %w", err)
	}
	opts.Tokenizer = tok
	opts.Budget = p.budget
	opts.DedupThreshold = p.dedupThreshold
	opts.MinDocTokens = p.minDocTokens
	opts.LostInMiddle = p.lostInMiddle
	opts.ShingleSize = p.shingleSize
	opts.BudgetMode = mode
	opts.SummarizeOverflow = p.summarizeOverflow
	opts.PartialMinRemaining = p.partialMin
	if err := opts.Validate(); err != nil {
		return opts, flagError(err)
	}
	return opts, nil
}

// resolveModelFlags is core.ResolveModel with its errors naming the
// flags: --model and --tokenizer.
func resolveModelFlags(model, tokenizerName string, tokenizerGiven bool) (core.ModelResolution, error) {
	res, err := core.ResolveModel(model, tokenizerName, tokenizerGiven)
	var conflict *core.ModelTokenizerConflict
	switch {
	case err == nil:
		return res, nil
	case errors.As(err, &conflict):
		return res, fmt.Errorf("--model %s uses %s but --tokenizer says %s; give one of them", conflict.Model, conflict.ModelTokenizer, conflict.Given)
	case model == "":
		return res, fmt.Errorf("--tokenizer: %w", err)
	}
	return res, fmt.Errorf("--model: %w", err)
}

// flagError spells an options validation error with the flag's name.
func flagError(err error) error {
	var opt *core.OptionError
	if errors.As(err, &opt) {
		return fmt.Errorf("--%s %s", opt.Option, opt.Problem)
	}
	return err
}
