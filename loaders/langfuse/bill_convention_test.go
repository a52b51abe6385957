package langfuse

import (
	"testing"

	"ctxlab/core/metrics"
	"ctxlab/core/usage"
	"ctxlab/loaders/trace"
)

// A GENERATION's bill opens under Langfuse's convention: input without
// the cache, the cache reads and writes beside it, the whole prompt the
// three added; the SDK's case (input + output = total) keeps input as the
// prompt. The committed fixtures' bills are unchanged.
func TestSpanBillUnderLangfuseConvention(t *testing.T) {
	t.Parallel()
	const obs = `{"id":"o1","trace_id":"t1","type":"GENERATION","start_time":"2026-01-01 00:00:00.000","model":"gpt-4o","input":"hi",`
	for _, tc := range []struct {
		name, usage string
		want        metrics.RecordedUsage
	}{
		{"cache read and write beside input", `"usage_details":{"input":"133","output":"20","input_cache_read":"64","input_cache_creation":"12"}`,
			metrics.RecordedUsage{InputTokens: 209, CachedTokens: 64, CacheWriteTokens: 12, OutputTokens: 20, Convention: usage.Langfuse,
				Field: "usage_details input + input_cache_creation + input_cache_read"}},
		{"the SDK's prompt_tokens as input", `"usageDetails":{"input":1200,"output":9,"total":1209,"input_cached_tokens":1024}`,
			metrics.RecordedUsage{InputTokens: 1200, CachedTokens: 1024, OutputTokens: 9, Convention: usage.Langfuse,
				Field: "usageDetails input (its details within it: input + output = total)"}},
		{"an older usage object", `"usage":{"input":40,"output":2,"total":42,"unit":"TOKENS"}`,
			metrics.RecordedUsage{InputTokens: 40, OutputTokens: 2, Convention: usage.Langfuse, Field: "usage.input"}},
	} {
		path := writeTemp(t, "obs.jsonl", obs+tc.usage+"}\n")
		sc, err := trace.OpenSpan(path, "o1", trace.OpenOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if sc.Recorded == nil || *sc.Recorded != tc.want {
			t.Errorf("%s: recorded %+v\nwant %+v", tc.name, sc.Recorded, tc.want)
		}
	}
	for _, file := range []string{downloadFile, linesFile} {
		for id, want := range map[string]int{"3aa37c18-65ac-441b-a247-82f857badaf1": 71, "92980f6f-3a0b-46b8-af53-c6fcae4b7124": 133} {
			sc, err := trace.OpenSpan(file, id, trace.OpenOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if r := sc.Recorded; r == nil || r.InputTokens != want || r.CachedTokens != 0 || r.Convention != usage.Langfuse {
				t.Errorf("%s %s: recorded %+v; want %d under langfuse", file, id, r, want)
			}
		}
	}
}
