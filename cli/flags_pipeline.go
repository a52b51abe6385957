package cli

import (
	"errors"
	"fmt"

	"ctxlab/core"
)

// resolveModelFlags is core.ResolveModel with its errors naming the
// flags: --model and --tokenizer. A model ctxlab does not know, or a
// tokenizer that is not the model's own, is no error: the resolution's
// note says the counts are estimates.
func resolveModelFlags(model, tokenizerName string, tokenizerGiven bool) (core.ModelResolution, error) {
	res, err := core.ResolveModel(model, tokenizerName, tokenizerGiven)
	if err != nil {
		return res, fmt.Errorf("--tokenizer: %w", err)
	}
	return res, nil
}

// flagError spells an options validation error with the flag's name.
func flagError(err error) error {
	var opt *core.OptionError
	if errors.As(err, &opt) {
		return fmt.Errorf("--%s %s", opt.Option, opt.Problem)
	}
	return err
}
