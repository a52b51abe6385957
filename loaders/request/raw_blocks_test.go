package request

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRawRequestKeepsContentBlocks: a content list's blocks are kept as
// the body holds them, and a string content has none.
func TestRawRequestKeepsContentBlocks(t *testing.T) {
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
	r := rawRequestOf(body)
	if r == nil || len(r.messages) != 2 || len(r.messages[1].blocks) != 2 {
		t.Fatalf("rawRequestOf = %+v; want two messages, the second with two blocks", r)
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
