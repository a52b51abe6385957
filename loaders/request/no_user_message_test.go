package request_test

import (
	"testing"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/loaders/request"
)

// A request without a user message whose other messages are an agent
// loop's (a trim policy that dropped the task and the history before it)
// keeps their category: they are tool results, as they were while the
// query was there, not history; measured as sent they count so too.
func TestNoUserMessageKeepsTheAgentLoopAsToolResults(t *testing.T) {
	body := `{"model":"gpt-4o","messages":[
{"role":"system","content":"You are an airline agent."},
{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_user_details","arguments":"{\"user_id\":\"omar_davis_3817\"}"}}]},
{"role":"tool","tool_call_id":"call_1","content":"{\"name\":\"Omar Davis\",\"reservations\":[\"JG7FMM\",\"LQ940Q\"]}"},
{"role":"assistant","content":"You have two reservations: JG7FMM and LQ940Q."}],
"tools":[{"type":"function","function":{"name":"get_user_details","parameters":{"type":"object","properties":{"user_id":{"type":"string"}}}}}]}`
	sc, err := request.Parse("trimmed.json", []byte(body), request.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.History) != 0 || len(sc.ToolResults) != 3 {
		t.Fatalf("history %d, tool results %d; want 0 and 3", len(sc.History), len(sc.ToolResults))
	}
	ev, err := core.Evaluate(t.Context(), core.EvalInput{Scenario: sc}, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := ev.Assembly.Component(window.ComponentHistory)
	r, _ := ev.Assembly.Component(window.ComponentToolResults)
	if h.Used != 0 || r.Used == 0 {
		t.Errorf("measured: history %d, tool results %d; want the loop in the tool results", h.Used, r.Used)
	}
}
