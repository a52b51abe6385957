package trace

import "testing"

// TestUsageOfReadsCacheReadsAndWrites: a span's input count holds its
// cached tokens under the OpenTelemetry convention; reads and writes are
// both read.
func TestUsageOfReadsCacheReadsAndWrites(t *testing.T) {
	sp := &Span{Attrs: map[string]any{
		"gen_ai.usage.input_tokens":                int64(1210),
		"gen_ai.usage.output_tokens":               int64(9),
		"gen_ai.usage.cache_read.input_tokens":     int64(1024),
		"gen_ai.usage.cache_creation.input_tokens": int64(100),
	}}
	u := UsageOf(sp)
	if u == nil || u.Input != 1210 || u.Cached != 1024 || u.CacheWrite != 100 || u.Output != 9 {
		t.Errorf("usage %+v", u)
	}
}
