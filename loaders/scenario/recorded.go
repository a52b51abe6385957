package scenario

import (
	"ctxlab/core/metrics"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

var recordedUsageKeys = []string{"input_tokens", "output_tokens", "field"}

// readRecordedUsage reads what the provider counted for the request, as
// an export of an imported cassette request writes it, so the reopened
// file still compares its count with the bill:
//
//	recorded_usage: {input_tokens: 71, output_tokens: 46, field: usage.prompt_tokens}
func (r *scenarioReader) readRecordedUsage() error {
	f, ok := r.fields["recorded_usage"]
	if !ok || loaders.IsNull(f.Value) {
		return nil
	}
	fields, err := loaders.YAMLFields(r.name, f.Value, "recorded_usage", recordedUsageKeys)
	if err != nil {
		return err
	}
	in, ok := fields["input_tokens"]
	if !ok {
		return loaders.YAMLErr(r.name, f.Key, "recorded_usage has no input_tokens; expected the provider's count of the prompt")
	}
	var u metrics.RecordedUsage
	if u.InputTokens, err = loaders.YAMLInt(r.name, in.Value, "recorded_usage.input_tokens"); err != nil {
		return err
	}
	if u.InputTokens < 0 {
		return loaders.YAMLErr(r.name, in.Value, "recorded_usage.input_tokens %s is negative; expected 0 or more tokens", numfmt.Thousands(u.InputTokens))
	}
	if out, ok := fields["output_tokens"]; ok {
		if u.OutputTokens, err = loaders.YAMLInt(r.name, out.Value, "recorded_usage.output_tokens"); err != nil {
			return err
		}
		if u.OutputTokens < 0 {
			return loaders.YAMLErr(r.name, out.Value, "recorded_usage.output_tokens %s is negative; expected 0 or more tokens", numfmt.Thousands(u.OutputTokens))
		}
	}
	u.Field = "recorded"
	if field, ok := fields["field"]; ok {
		if u.Field, err = loaders.YAMLText(r.name, field.Value, "recorded_usage.field"); err != nil {
			return err
		}
	}
	r.sc.Recorded = &u
	return nil
}
