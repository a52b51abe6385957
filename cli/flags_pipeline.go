package cli

import (
	"errors"
	"fmt"

	"ctxlab/core"
)

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
