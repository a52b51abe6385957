package scenario

import (
	"slices"

	"ctxlab/core/metrics"
	"ctxlab/core/usage"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

var recordedUsageKeys = []string{"input_tokens", "cached_tokens", "cache_write_tokens", "output_tokens", "convention", "field"}

// readRecordedUsage reads what the provider counted for the request, as
// an export of an imported cassette request writes it, so the reopened
// file still compares its count with the bill:
//
//	recorded_usage: {input_tokens: 71, cached_tokens: 0, output_tokens: 46, convention: openai, field: usage.prompt_tokens}
//
// input_tokens is the whole prompt, cache reads and writes included (the
// export writes the normalized bill); convention only says where the
// figures came from.
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
	for _, f := range []struct {
		key string
		dst *int
	}{{"cached_tokens", &u.CachedTokens}, {"cache_write_tokens", &u.CacheWriteTokens}, {"output_tokens", &u.OutputTokens}} {
		v, ok := fields[f.key]
		if !ok {
			continue
		}
		if *f.dst, err = loaders.YAMLInt(r.name, v.Value, "recorded_usage."+f.key); err != nil {
			return err
		}
		if *f.dst < 0 {
			return loaders.YAMLErr(r.name, v.Value, "recorded_usage.%s %s is negative; expected 0 or more tokens", f.key, numfmt.Thousands(*f.dst))
		}
	}
	if u.CachedTokens+u.CacheWriteTokens > u.InputTokens {
		return loaders.YAMLErr(r.name, in.Value, "recorded_usage.input_tokens %s is less than its cached_tokens and cache_write_tokens; expected the whole prompt, the cache included",
			numfmt.Thousands(u.InputTokens))
	}
	if conv, ok := fields["convention"]; ok {
		text, err := loaders.YAMLText(r.name, conv.Value, "recorded_usage.convention")
		if err != nil {
			return err
		}
		u.Convention = usage.Convention(text)
		if !slices.Contains(usage.Conventions, u.Convention) {
			return loaders.YAMLErr(r.name, conv.Value, "recorded_usage.convention %s is not one ctxlab knows; expected %s", loaders.Quoted(text), usage.ConventionNames())
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
