package diagnose

import (
	"fmt"

	"ctxlab/core/tokens"
)

// tokenizerFindings: every count is an estimate when the tokenizer is the
// word heuristic, when the model is a Claude model (Anthropic's tokenizer
// is not public, so an OpenAI encoding stands in) or when the tokenizer
// is not the model's own encoding.
func tokenizerFindings(in *Input) []Finding {
	tok := in.Pipeline.Tokenizer
	if tok == nil {
		return nil
	}
	spec, known := tokens.LookupModel(in.Model)
	var msg string
	switch {
	case !tok.Exact():
		msg = fmt.Sprintf("Token counts are estimates: the %s tokenizer counts 1.3 tokens per word, not the tokens a model reads", tok.Name())
		if known && spec.Exact() {
			msg += fmt.Sprintf(" (--tokenizer %s counts %s exactly)", spec.Encoding, in.Model)
		}
	case known && !spec.Exact():
		msg = fmt.Sprintf("Token counts for %s are estimates: its provider's tokenizer is not public, so %s stands in for it", in.Model, tok.Name())
	case known && spec.Encoding != tok.Name():
		msg = fmt.Sprintf("Token counts are estimates: %s reads %s tokens, and they were counted with %s", in.Model, spec.Encoding, tok.Name())
	default:
		return nil
	}
	return []Finding{{Code: CodeTokenizerEstimate, Severity: SeverityInfo, Message: msg + "."}}
}
