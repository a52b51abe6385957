package langsmith

import (
	"os"
	"path/filepath"
	"testing"

	"ctxlab/core/metrics"
	"ctxlab/core/usage"
	"ctxlab/loaders/trace"
)

// An llm run's bill opens under LangChain's convention (usage_metadata's
// input_tokens holds the cache reads and writes) or, for an OpenAI usage
// in the outputs, OpenAI's; the committed fixtures' bills are unchanged.
func TestRunBillUnderItsConvention(t *testing.T) {
	t.Parallel()
	const head = `{"id":"01a2496c-0000-7000-8000-000000000001","trace_id":"01a2496c-0000-7000-8000-000000000001","name":"ChatAnthropic","run_type":"llm","start_time":"2026-01-01T00:00:00.000000","inputs":{"messages":[{"role":"user","content":"hi"}]},"extra":{"metadata":{"ls_model_name":"gpt-4o"}},"outputs":`
	for _, tc := range []struct {
		name, outputs string
		want          metrics.RecordedUsage
	}{
		{"usage_metadata with cache reads and writes", `{"usage_metadata":{"input_tokens":1532,"output_tokens":9,"input_token_details":{"cache_read":1111,"cache_creation":418}}}`,
			metrics.RecordedUsage{InputTokens: 1532, CachedTokens: 1111, CacheWriteTokens: 418, OutputTokens: 9, Convention: usage.LangChain,
				Field: "usage_metadata.input_tokens, 1,111 cached included"}},
		{"OpenAI's usage", `{"usage":{"prompt_tokens":50,"completion_tokens":5,"prompt_tokens_details":{"cached_tokens":20}}}`,
			metrics.RecordedUsage{InputTokens: 50, CachedTokens: 20, OutputTokens: 5, Convention: usage.OpenAI,
				Field: "outputs.usage.prompt_tokens, 20 cached included"}},
	} {
		path := filepath.Join(t.TempDir(), "run.json")
		if err := os.WriteFile(path, []byte(head+tc.outputs+"}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		sc, err := trace.OpenSpan(path, "01a2496c-0000-7000-8000-000000000001", trace.OpenOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if sc.Recorded == nil || *sc.Recorded != tc.want {
			t.Errorf("%s: recorded %+v\nwant %+v", tc.name, sc.Recorded, tc.want)
		}
	}
	for id, want := range map[string]int{"01a2496c-ecd2-7000-8000-0008cbc3db43": 71, "01a2496c-edaa-7000-8000-00f3c04a10fb": 133} {
		sc, err := trace.OpenSpan(runsFile, id, trace.OpenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if r := sc.Recorded; r == nil || r.InputTokens != want || r.CachedTokens != 0 || r.Convention != usage.LangChain {
			t.Errorf("%s: recorded %+v; want %d under langchain", id, r, want)
		}
	}
}
