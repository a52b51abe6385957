package diagnose

import (
	"fmt"
	"strings"

	"ctxlab/core/tokens"
)

// tokenizerFindings: every count is an estimate when the tokenizer is the
// word heuristic, or when the model route (core.ResolveModel) said so: a
// model ctxlab does not know, a provider whose tokenizer is not public, a
// tokenizer that is not the model's own.
func tokenizerFindings(in *Input) []Finding {
	tok := in.Pipeline.Tokenizer
	if tok == nil {
		return nil
	}
	var msg string
	switch {
	case !tok.Exact():
		msg = fmt.Sprintf("Token counts are estimates: the %s tokenizer counts 1.3 tokens per word, not the tokens a model reads", tok.Name())
		if spec, known := tokens.LookupModel(in.Model); known && spec.Exact() {
			msg += fmt.Sprintf(" (--tokenizer %s counts %s exactly)", spec.Encoding, in.Model)
		}
	case in.CountEstimate != "":
		msg = "Token counts are estimates: " + strings.TrimSuffix(in.CountEstimate, ".")
	default:
		return nil
	}
	return []Finding{{Code: CodeTokenizerEstimate, Severity: SeverityInfo, Message: msg + "."}}
}
