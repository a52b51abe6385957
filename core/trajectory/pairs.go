package trajectory

import (
	"encoding/json"
	"fmt"

	"ctxlab/core/window"
)

// CheckPairs reports a tool message of sent that answers no call made
// before it, or a call of sent whose result asSent holds and sent does
// not: a request a policy made that the provider would reject or that
// lost half of a call. A tool message with no id (as a request's
// history sends it) must follow an assistant message or another tool
// message.
func CheckPairs(sent, asSent []window.ChatMessage) error {
	answeredAsSent := map[string]bool{}
	for _, m := range asSent {
		if isToolOutput(m.Role) && m.ToolCallID != "" {
			answeredAsSent[m.ToolCallID] = true
		}
	}
	open := map[string]bool{} // calls of the current assistant message
	lastRole := ""
	check := func(i int) error {
		for id := range open {
			if answeredAsSent[id] {
				return fmt.Errorf("message %d: call %s is sent without its result", i, id)
			}
		}
		return nil
	}
	for i, m := range sent {
		if isToolOutput(m.Role) {
			switch {
			case m.ToolCallID != "" && !open[m.ToolCallID]:
				return fmt.Errorf("message %d: tool result for %s answers no call before it", i+1, m.ToolCallID)
			case m.ToolCallID == "" && lastRole != "assistant" && !isToolOutput(lastRole):
				return fmt.Errorf("message %d: tool result follows a %s message, not a call", i+1, roleOr(lastRole))
			}
			delete(open, m.ToolCallID)
			lastRole = m.Role
			continue
		}
		if err := check(i + 1); err != nil {
			return err
		}
		open = map[string]bool{}
		for _, id := range callIDs(m.ToolCalls) {
			open[id] = true
		}
		lastRole = m.Role
	}
	return check(len(sent))
}

func roleOr(role string) string {
	if role == "" {
		return "no"
	}
	return role
}

// callIDs are the ids of a tool_calls array.
func callIDs(raw json.RawMessage) []string {
	if len(raw) == 0 {
		return nil
	}
	var calls []struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(raw, &calls) != nil {
		return nil
	}
	var ids []string
	for _, c := range calls {
		if c.ID != "" {
			ids = append(ids, c.ID)
		}
	}
	return ids
}
