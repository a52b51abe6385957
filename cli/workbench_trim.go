package cli

import (
	"bytes"
	"encoding/json"

	"ctxlab/core"
)

// trimOf is what a trim policy removed from a turn's request: the body
// sent and the body the policy sends compared message by message. nil
// when either is not a body of messages (or input items) this reads.
func trimOf(policy string, sent, trimmed []byte) *core.Trim {
	before, ok := bodyMessages(sent)
	if !ok {
		return nil
	}
	after, ok := bodyMessages(trimmed)
	if !ok {
		return nil
	}
	t := &core.Trim{Policy: policy, Removed: max(0, len(before)-len(after))}
	for _, m := range before {
		if m.Role != "user" {
			continue
		}
		// The task: the first user message, kept when the policy's body
		// sends its content.
		t.TaskDropped = true
		for _, k := range after {
			if k.Role == "user" && bytes.Equal(compactJSON(k.Content), compactJSON(m.Content)) {
				t.TaskDropped = false
				break
			}
		}
		break
	}
	return t
}

type bodyMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// bodyMessages are a request body's messages (Chat Completions,
// Anthropic) or input items (Responses).
func bodyMessages(body []byte) ([]bodyMessage, bool) {
	var b struct {
		Messages []bodyMessage `json:"messages"`
		Input    []bodyMessage `json:"input"`
	}
	if json.Unmarshal(body, &b) != nil {
		return nil, false
	}
	if b.Messages != nil {
		return b.Messages, true
	}
	return b.Input, b.Input != nil
}

func compactJSON(raw json.RawMessage) []byte {
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return raw
	}
	return buf.Bytes()
}
