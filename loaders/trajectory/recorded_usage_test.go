package trajectory

import (
	"os"
	"path/filepath"
	"testing"

	engine "ctxlab/core/trajectory"
	"ctxlab/loaders/request"
	"ctxlab/loaders/trace"
)

// A cassette turn's recorded bill is the one assemble --request
// --interaction N reads, a streamed response's included; the committed
// cassettes' bills are unchanged.
func TestCassetteTurnBillIsAssembles(t *testing.T) {
	const stream = `interactions:
- request:
    parsed_body:
      model: claude-sonnet-4-5
      max_tokens: 100
      messages:
      - role: user
        content: hi
  response:
    body:
      string: "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":3,\"cache_read_input_tokens\":1111,\"cache_creation_input_tokens\":418,\"output_tokens\":1}}}\n\nevent: message_delta\ndata: {\"type\":\"message_delta\",\"usage\":{\"output_tokens\":9}}\n\n"
`
	path := filepath.Join(t.TempDir(), "stream.yaml")
	if err := os.WriteFile(path, []byte(stream), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		want []*engine.Recorded
	}{
		{path, []*engine.Recorded{{InputTokens: 1532, CachedTokens: 1111, CacheWriteTokens: 418}}},
		{anthropicCch, []*engine.Recorded{{InputTokens: 1114, CachedTokens: 1111}, {InputTokens: 1532, CachedTokens: 1111, CacheWriteTokens: 418}}},
		{openAICache, []*engine.Recorded{{InputTokens: 4020}, {InputTokens: 4020, CachedTokens: 4012}}},
	} {
		tr := load(t, tc.path)
		if len(tr.Turns) != len(tc.want) {
			t.Fatalf("%s: %d turns, want %d", tc.path, len(tr.Turns), len(tc.want))
		}
		for i, want := range tc.want {
			got := tr.Turns[i].Recorded
			if got == nil || *got != *want {
				t.Errorf("%s turn %d: recorded %+v, want %+v", tc.path, i+1, got, want)
			}
			sc, err := request.Load(tc.path, nil, request.Options{Interaction: i + 1})
			if err != nil {
				t.Fatal(err)
			}
			if got != nil && (sc.Recorded == nil || sc.Recorded.InputTokens != got.InputTokens || sc.Recorded.CachedTokens != got.CachedTokens ||
				sc.Recorded.CacheWriteTokens != got.CacheWriteTokens) {
				t.Errorf("%s turn %d: recorded %+v; assemble reads %+v", tc.path, i+1, got, sc.Recorded)
			}
		}
	}
}

// A trace turn's recorded bill is its span's, read under the source's
// convention, the cache writes included.
func TestTraceTurnBillIsTheSpans(t *testing.T) {
	const obs = `{"id":"o1","trace_id":"t1","type":"GENERATION","start_time":"2026-01-01 00:00:00.000","model":"gpt-4o","input":"hi",` +
		`"usage_details":{"input":133,"output":20,"input_cache_read":64,"input_cache_creation":12}}` + "\n"
	path := filepath.Join(t.TempDir(), "obs.jsonl")
	if err := os.WriteFile(path, []byte(obs), 0o644); err != nil {
		t.Fatal(err)
	}
	_, turns, _, err := TraceBodies(path, "", "")
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Recorded{InputTokens: 209, CachedTokens: 64, CacheWriteTokens: 12}
	if len(turns) != 1 {
		t.Fatalf("%d turns, want 1", len(turns))
	}
	if got := turns[0].Recorded; got == nil || *got != want {
		t.Fatalf("recorded %+v, want %+v", got, want)
	}
	sc, err := trace.OpenSpan(path, "o1", trace.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r := sc.Recorded; r == nil || r.InputTokens != want.InputTokens || r.CachedTokens != want.CachedTokens || r.CacheWriteTokens != want.CacheWriteTokens {
		t.Errorf("the span's bill %+v; the turn's %+v", r, want)
	}
}
