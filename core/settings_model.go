package core

import (
	"fmt"
	"strings"

	"ctxlab/core/tokens"
)

// AnthropicEstimateNote is said wherever a Claude model's tokens are
// counted: Anthropic's tokenizer is not public, so o200k_base stands in.
const AnthropicEstimateNote = "Anthropic's tokenizer is not public: token counts are o200k_base estimates"

// AnthropicMedianErrorPercent is the Anthropic estimate's median error,
// in percent, rounded up, on the recorded requests docs/assembly.md
// describes whose parts it models (no server tools, no context
// management); loaders/request's TestBilledAnthropicEstimate holds it.
const AnthropicMedianErrorPercent = 2

// AnthropicEstimateBandPercent is the Anthropic estimate's error band,
// in percent: its p95 error on the same requests, rounded up, which the
// workbench's header gives as "estimate ±N%" and a bill's comparison
// holds a count to. A request with a server-side feature the estimate
// leaves out is not held to it (window.AnthropicPrompt.ServerSide).
const AnthropicEstimateBandPercent = 12

// UnknownModelTokenizer counts a model ctxlab's tables do not know, unless
// a tokenizer is named beside it. The window stays the budget's (128,000
// tokens in every bundled preset) unless one is set.
const UnknownModelTokenizer = tokens.TokenizerO200K

// ModelResolution is what a model name (and a tokenizer named beside it)
// decides: the tokenizer that counts every component, the model's window
// when the model table knows it (0 otherwise), and a note a user must see
// when the counts are estimates: a model ctxlab does not know, a
// tokenizer that is not the model's own, or a provider whose tokenizer
// is not public.
type ModelResolution struct {
	Tokenizer tokens.Tokenizer
	Window    int
	Note      string
}

// ResolveModel is the one route from a model name and a tokenizer name to
// the tokenizer and window every command and the workbench use. With no
// model, the named tokenizer. With a model, the model table's encoding
// first (it knows other providers' models too), then OpenAI's name
// prefixes. A model neither knows is counted with the tokenizer given, or
// UnknownModelTokenizer, and a tokenizer given that is not the model's own
// is used: both are estimates and the note says so, rather than refusing
// the very input a user wants to inspect. The only error is a tokenizer
// name that does not exist.
func ResolveModel(model, tokenizerName string, tokenizerGiven bool) (ModelResolution, error) {
	if model == "" {
		tok, err := tokens.ByName(tokenizerName)
		return ModelResolution{Tokenizer: tok}, err
	}
	var res ModelResolution
	var given tokens.Tokenizer
	if tokenizerGiven {
		tok, err := tokens.ByName(tokenizerName)
		if err != nil {
			return res, err
		}
		given = tok
	}
	spec, inTable := tokens.LookupModel(model)
	anthropic := inTable && spec.Provider == tokens.ProviderAnthropic
	switch {
	case inTable && spec.Encoding != "":
		tok, err := tokens.ByName(spec.Encoding)
		if err != nil {
			return res, fmt.Errorf("model %s: %w", model, err)
		}
		res.Tokenizer, res.Window = tok, spec.Window
	default:
		tok, err := tokens.ForModel(model)
		// A name newer than the tables (gpt-9) is counted with the
		// tokenizer its family would use, a guess all the same.
		if err != nil || tokens.EncodingGuessed(model) {
			res.Tokenizer = given
			if res.Tokenizer == nil {
				res.Tokenizer = tok
			}
			if res.Tokenizer == nil {
				res.Tokenizer, _ = tokens.ByName(UnknownModelTokenizer)
			}
			res.Note = fmt.Sprintf("model %q is not in ctxlab's model table: token counts are %s estimates", model, res.Tokenizer.Name())
			if near := tokens.NearModel(model); near != "" {
				res.Note += fmt.Sprintf(" (did you mean %s?)", near)
			}
			return res, nil
		}
		res.Tokenizer = tok
	}
	own := res.Tokenizer.Name()
	if given != nil && given.Name() != own {
		res.Tokenizer = given
		if !anthropic {
			res.Note = fmt.Sprintf("token counts are %s estimates: model %q's own tokenizer is %s", given.Name(), model, own)
			return res, nil
		}
	}
	if anthropic {
		res.Note = anthropicEstimateNote(res.Tokenizer.Name())
	}
	if loose := tokens.LooseModelMatchNote(model); loose != "" {
		res.Note = joinNotes(loose, res.Note)
	}
	return res, nil
}

// joinNotes joins the notes that are not empty with "; ".
func joinNotes(notes ...string) string {
	kept := notes[:0:0]
	for _, n := range notes {
		if n != "" {
			kept = append(kept, n)
		}
	}
	return strings.Join(kept, "; ")
}

// anthropicEstimateNote is AnthropicEstimateNote for the tokenizer that
// stands in.
func anthropicEstimateNote(tokenizer string) string {
	if tokenizer == tokens.TokenizerO200K {
		return AnthropicEstimateNote
	}
	return fmt.Sprintf("Anthropic's tokenizer is not public: token counts are %s estimates", tokenizer)
}
