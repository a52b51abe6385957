package trajectory

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	engine "ctxlab/core/trajectory"
	"ctxlab/core/window"
)

// PolicyBody is the request body a trim policy sends at a turn: the
// turn's recorded body with its messages replaced by sent, the messages
// the policy kept (engine.Options.Sent gives them). Each kept message is
// written as it was recorded, field for field; a cleared tool result
// keeps its fields with the stub as its content, and a compaction
// summary, which the recording does not hold, is a user message. turn
// is the turn's messages as the engine read them from body, one for one.
// A body whose messages do not line up with the engine's (an Anthropic
// body, whose system prompt is not among its messages) is refused.
func PolicyBody(body []byte, turn, sent []window.ChatMessage) ([]byte, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil {
		return nil, fmt.Errorf("the turn's body is not a JSON object: %w", err)
	}
	var recorded []map[string]any
	if err := json.Unmarshal(fields["messages"], &recorded); err != nil {
		return nil, errors.New("the turn's body has no messages list")
	}
	if len(recorded) != len(turn) {
		return nil, fmt.Errorf("the turn's body holds %d messages and the replay %d; a policy's request is written only for chat bodies that send their messages one for one", len(recorded), len(turn))
	}
	var msgs []map[string]any
	next := 0
	for _, s := range sent {
		k := next
		for k < len(turn) && !sameOrStub(turn[k], s) {
			k++
		}
		if k == len(turn) {
			if s.Role != "user" {
				return nil, fmt.Errorf("a %s message the policy sends is none of the turn's", s.Role)
			}
			msgs = append(msgs, map[string]any{"role": "user", "content": s.Content})
			continue
		}
		m := recorded[k]
		if s.Content != turn[k].Content {
			m = make(map[string]any, len(recorded[k]))
			for key, v := range recorded[k] {
				m[key] = v
			}
			m["content"] = s.Content
		}
		msgs = append(msgs, m)
		next = k + 1
	}
	raw, err := json.Marshal(msgs)
	if err != nil {
		return nil, err
	}
	fields["messages"] = raw
	return json.Marshal(fields)
}

// sameOrStub says s is m, or the stub that clears tool output m.
func sameOrStub(m, s window.ChatMessage) bool {
	if m.Role != s.Role || m.ToolCallID != s.ToolCallID || m.Name != s.Name || string(m.ToolCalls) != string(s.ToolCalls) {
		return false
	}
	return m.Content == s.Content || (m.Role == "tool" && s.Content == engine.ClearedStub)
}

// PolicyTurnBody is the body policy p sends at the last of the turns
// given: the policy replayed over them with opts, its messages written
// into the turn's recorded body (PolicyBody). The turns are built into a
// trajectory of their own (Build with ropts), since a replay interns
// what a policy makes into the trajectory it runs on and another replay
// may be running on the whole one.
func PolicyTurnBody(name string, turns []TurnBody, ropts Options, p engine.Policy, opts engine.Options) ([]byte, error) {
	tr, err := Build(name, turns, ropts)
	if err != nil {
		return nil, err
	}
	last := len(turns) - 1
	var sent []window.ChatMessage
	opts.Parts = false
	opts.Sent = func(_ string, turn int, msgs []window.ChatMessage) {
		if turn == last+1 {
			sent = msgs
		}
	}
	if _, err := engine.Replay(context.Background(), tr, []engine.Policy{p}, opts); err != nil {
		return nil, err
	}
	if sent == nil {
		return nil, errors.New("the replay made no request at that turn")
	}
	return PolicyBody(turns[last].Body, tr.Messages(last), sent)
}
