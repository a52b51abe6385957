package loaders

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"
)

// TestRawRequestLeavesContentListsInPlace: an Anthropic tool result of
// 50 MB is a content list; rawRequestOf copied it twice (the list, then
// each block as a json.RawMessage) beside the body and its decoded value,
// and assemble --request peaked at 4.4 times the file. The blocks are
// now cut from the body, and read the same.
func TestRawRequestLeavesContentListsInPlace(t *testing.T) {
	result := strings.Repeat("the order ORD-1 shipped on Monday ", 40_000)
	body, err := json.Marshal(map[string]any{
		"model": "claude-sonnet-4-5",
		"messages": []any{
			map[string]any{"role": "user", "content": "Where is my order?"},
			map[string]any{"role": "user", "content": []any{
				map[string]any{"type": "tool_result", "tool_use_id": "toolu_1", "content": result},
				map[string]any{"type": "text", "text": "and  this"},
			}},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := rawRequestOf(body)
	runtime.ReadMemStats(&after)
	if r == nil || len(r.messages) != 2 || len(r.messages[1].blocks) != 2 {
		t.Fatalf("rawRequestOf = %+v; want two messages, the second with two blocks", r)
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > uint64(len(result))/4 {
		t.Errorf("reading a body with a %d-byte tool result allocated %d bytes; want at most a quarter of it", len(result), allocated)
	}
	var blocks []json.RawMessage
	var list struct {
		Messages []struct{ Content json.RawMessage } `json:"messages"`
	}
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(list.Messages[1].Content, &blocks); err != nil {
		t.Fatal(err)
	}
	for j, b := range blocks {
		if got := string(r.messages[1].blocks[j]); got != string(b) {
			t.Errorf("block %d = %.80q; want %.80q", j, got, b)
		}
	}
	if r.messages[0].blocks != nil {
		t.Errorf("a string content has blocks %q; want none", r.messages[0].blocks)
	}
}
