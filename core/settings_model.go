package core

import (
	"errors"
	"fmt"

	"ctxlab/core/tokens"
)

// AnthropicEstimateNote is said wherever a Claude model's tokens are
// counted: Anthropic's tokenizer is not public, so o200k_base stands in.
const AnthropicEstimateNote = "Anthropic's tokenizer is not public: token counts are o200k_base estimates"

// ModelResolution is what a model name (and a tokenizer named beside it)
// decides: the tokenizer that counts every component, the model's window
// when the model table knows it (0 otherwise), and a note a user must see,
// such as counts being estimates.
type ModelResolution struct {
	Tokenizer tokens.Tokenizer
	Window    int
	Note      string
}

// UnknownModelError is a model name ctxlab knows no tokenizer for. A
// hand-written scenario refuses it; an imported request counts with
// o200k_base and says so.
type UnknownModelError struct {
	Model string
	err   error
}

func (e *UnknownModelError) Error() string { return e.err.Error() }

// ModelTokenizerConflict is a model and an explicitly named tokenizer that
// disagree; the caller names the flags or keys involved.
type ModelTokenizerConflict struct {
	Model, ModelTokenizer, Given string
}

func (e *ModelTokenizerConflict) Error() string {
	return fmt.Sprintf("model %s uses %s but the tokenizer given is %s; give one of them", e.Model, e.ModelTokenizer, e.Given)
}

// ResolveModel is the one route from a model name and a tokenizer name to
// the tokenizer and window every command and the workbench use. With no
// model, the named tokenizer. With a model, the model table's encoding
// first (it knows other providers' models too), then OpenAI's name
// prefixes; a tokenizer given explicitly must agree with it.
func ResolveModel(model, tokenizerName string, tokenizerGiven bool) (ModelResolution, error) {
	if model == "" {
		tok, err := tokens.ByName(tokenizerName)
		return ModelResolution{Tokenizer: tok}, err
	}
	var res ModelResolution
	if spec, ok := tokens.LookupModel(model); ok && spec.Encoding != "" {
		tok, err := tokens.ByName(spec.Encoding)
		if err != nil {
			return res, fmt.Errorf("model %s: %w", model, err)
		}
		res.Tokenizer, res.Window = tok, spec.Window
		if spec.Provider == tokens.ProviderAnthropic {
			res.Note = AnthropicEstimateNote
		}
	} else {
		tok, err := tokens.ForModel(model)
		if err != nil {
			return res, &UnknownModelError{Model: model, err: err}
		}
		res.Tokenizer = tok
	}
	if tokenizerGiven && tokenizerName != res.Tokenizer.Name() {
		return res, &ModelTokenizerConflict{Model: model, ModelTokenizer: res.Tokenizer.Name(), Given: tokenizerName}
	}
	return res, nil
}

// IsUnknownModel reports whether err is ResolveModel's unknown model.
func IsUnknownModel(err error) bool {
	var unknown *UnknownModelError
	return errors.As(err, &unknown)
}
