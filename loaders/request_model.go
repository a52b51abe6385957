package loaders

import "ctxlab/core"

// modelTokenizer picks the tokenizer a model's tokens are counted with.
// An Anthropic model gets o200k_base with a note that counts are
// estimates, since its tokenizer is not public. known is false when
// ctxlab knows no encoding for the model; the caller decides whether that
// is an error (a hand-written scenario) or a note (an imported request).
func modelTokenizer(model string) (tok core.Tokenizer, note string, known bool) {
	if spec, ok := core.LookupModel(model); ok && spec.Provider == core.ProviderAnthropic {
		tok, _ = core.TokenizerByName(spec.Encoding)
		return tok, anthropicEstimateNote, true
	}
	tok, err := core.TokenizerForModel(model)
	if err != nil {
		return nil, "", false
	}
	return tok, "", true
}
