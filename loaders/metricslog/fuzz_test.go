package metricslog

import (
	"testing"

	"ctxlab/loaders/internal/loadertest"
)

// FuzzLoadMetrics: a metrics log gives records whose sums cannot
// overflow, or one clean error naming the line.
func FuzzLoadMetrics(f *testing.F) {
	good := `{"request_id":"a","use_case":"u","total_input_tokens":1,"system_tokens":0,"history_tokens":0,"rag_tokens":0,"tool_tokens":0,"query_tokens":1,"budget_utilization":0.1,"truncated_components":[],"timestamp":"2026-01-02T03:04:05Z"}`
	for _, seed := range []string{good + "\n", good + "\n\n" + good, "\xEF\xBB\xBF" + good, "{}\n", good + "\n{", `{"total_input_tokens": 9223372036854775807}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		records, err := Load(loadertest.WriteFuzzFile(t, "metrics.jsonl", data))
		if err != nil {
			loadertest.CheckFuzzError(t, err)
			return
		}
		for i, m := range records {
			if m.TotalInputTokens < 0 || m.TotalInputTokens > 1_000_000_000_000 {
				t.Errorf("record %d: total %d outside the documented limit", i+1, m.TotalInputTokens)
			}
		}
	})
}
