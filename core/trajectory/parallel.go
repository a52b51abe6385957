package trajectory

import (
	"encoding/json"
	"strconv"
	"strings"

	"ctxlab/core/window"
)

// OpenAI bills the outputs of several tool calls made in one message as
// one message (window.OpenAIBilled), each output's share depending on
// the outputs before it in that message. A trajectory counts each
// message once, so such an output is interned with those outputs
// (msgKey.group): the same output after other outputs (a stub in place
// of one that clear-tool-results cleared) is another message, counted
// again.

// parallelRuns says, for each message of msgs, its place among the
// outputs of a parallel call OpenAI bills as one message: 0 for a
// message that is no such output, k for the k-th output of a run of
// consecutive outputs answering calls of the same message, as
// window.OpenAIBilled groups them. It is nil when no message is such an
// output, and always when the trajectory is not billed as OpenAI's.
func (t *Trajectory) parallelRuns(msgs []window.ChatMessage) []int {
	if !t.billed {
		return nil
	}
	var runs, group []int
	var groups map[string]int // call id -> 1 + index of its message
	for i, m := range msgs {
		if isToolOutput(m.Role) {
			g := groups[m.ToolCallID]
			if g == 0 {
				continue
			}
			if runs == nil {
				runs, group = make([]int, len(msgs)), make([]int, len(msgs))
			}
			runs[i], group[i] = 1, g
			if i > 0 && group[i-1] == g {
				runs[i] = runs[i-1] + 1
			}
			continue
		}
		for _, id := range t.parallelCallIDs(m.ToolCalls) {
			if groups == nil {
				groups = map[string]int{}
			}
			groups[id] = i + 1
		}
	}
	return runs
}

// inRun says message i is an output of a parallel call (parallelRuns).
func inRun(runs []int, i int) bool { return i < len(runs) && runs[i] > 0 }

// parallelCallIDs are the ids of a tool_calls array making several
// calls, nil for one call or none.
func (t *Trajectory) parallelCallIDs(raw json.RawMessage) []string {
	if len(raw) == 0 {
		return nil
	}
	if ids, ok := t.multiCalls[string(raw)]; ok {
		return ids
	}
	var calls []struct {
		ID string `json:"id"`
	}
	var ids []string
	if json.Unmarshal(raw, &calls) == nil && len(calls) > 1 {
		for _, c := range calls {
			if c.ID != "" {
				ids = append(ids, c.ID)
			}
		}
	}
	t.multiCalls[string(raw)] = ids
	t.anyParallel = t.anyParallel || ids != nil
	return ids
}

// internMember interns msgs[i], the pos-th output of a parallel call's
// run, with the outputs before it (ids[i-pos+1:i], already interned);
// kind is 0 or a policy's kind. count is its count when known (the
// request's as billed), nil to count it from those outputs.
func (t *Trajectory) internMember(msgs []window.ChatMessage, ids []int32, i, pos int, kind uint8, count func() (tokens, framing int)) int32 {
	m := msgs[i]
	before := ids[i-pos+1 : i]
	var g strings.Builder
	g.WriteByte('p')
	for _, id := range before {
		g.WriteString(strconv.Itoa(int(id)))
		g.WriteByte(',')
	}
	if count == nil {
		count = func() (int, int) { return t.countMember(msgs[i-pos+1 : i+1]) }
	}
	k := msgKey{role: m.Role, content: m.Content, name: m.Name, callID: m.ToolCallID, calls: string(m.ToolCalls), kind: kind, group: g.String()}
	return t.intern(k, m, count)
}

// countMember is what the last of outputs, a run of a parallel call's
// outputs, costs after the others, and the framing part of it: its share
// of the one message OpenAI bills them as.
func (t *Trajectory) countMember(outputs []window.ChatMessage) (tokens, framing int) {
	m := outputs[len(outputs)-1]
	calls := make([]toolCall, 0, len(outputs)+1)
	for _, o := range outputs {
		calls = append(calls, toolCall{ID: o.ToolCallID, Type: "function", Function: toolFunction{Name: t.callNameOr(o.ToolCallID), Arguments: "{}"}})
	}
	if len(calls) == 1 {
		// The call is one of several: another makes it so.
		calls = append(calls, toolCall{ID: m.ToolCallID + "-other", Type: "function", Function: toolFunction{Name: "other", Arguments: "{}"}})
	}
	raw, err := json.Marshal(calls)
	if err != nil {
		return t.countMessage(m)
	}
	msgs := append([]window.ChatMessage{{Role: "assistant", ToolCalls: raw}}, outputs...)
	p, ok := window.RenderOpenAIMessages(msgs, nil, t.Model, t.responses)
	if !ok {
		return t.countMessage(m)
	}
	return p.MessageTokens(len(msgs)-1, t.tok), p.MessageFraming(len(msgs)-1, t.tok)
}

// callNameOr is the function name of call id, "f" when not known.
func (t *Trajectory) callNameOr(id string) string {
	if name := t.callNames[id]; name != "" {
		return name
	}
	return "f"
}

// regroup re-interns the outputs of parallel calls in sent, a request a
// policy made, whose outputs before them differ from those they were
// interned with (a stub took the place of one): each is the same
// message (or stub) counted after the outputs sent before it.
func (t *Trajectory) regroup(sent []int32) {
	if !t.anyParallel {
		return
	}
	var msgs []window.ChatMessage
	var runs []int
	for i, id := range sent {
		if !isToolOutput(t.msgs[id].Role) {
			continue
		}
		if msgs == nil {
			msgs = make([]window.ChatMessage, len(sent))
			for j, id := range sent {
				msgs[j] = t.msgs[id]
			}
			runs = t.parallelRuns(msgs)
		}
		if inRun(runs, i) {
			sent[i] = t.internMember(msgs, sent, i, runs[i], t.synthetic[id], nil)
		}
	}
}

// sameMessage says ids a and b are one message sent: the same id, or an
// output of a parallel call interned after other outputs.
func (t *Trajectory) sameMessage(a, b int32) bool {
	return a == b || t.plainOf(a) == t.plainOf(b)
}

func (t *Trajectory) plainOf(id int32) int32 {
	if p, ok := t.plain[id]; ok {
		return p
	}
	return id
}
