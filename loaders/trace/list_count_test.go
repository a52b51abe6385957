package trace

import (
	"encoding/json"
	"fmt"
	"testing"

	"ctxlab/loaders/request"
)

// countOptions are the request options the direct count is checked
// under: the defaults, a window the fixtures overflow, another model,
// a reserve, a named preset.
var countOptions = []request.Options{
	{},
	{Window: 300},
	{Window: 2000, Reserve: 1900},
	{Model: "gpt-4o"},
	{Model: "gpt-3.5-turbo"},
	{Model: "claude-sonnet-4-5"},
	{Reserve: 100},
	{Preset: "agent_workflow"},
}

// sameSummaries fails t where the direct count and the full path
// disagree on a span.
func sameSummaries(t *testing.T, label string, counted, opened []SpanSummary) {
	t.Helper()
	if len(counted) != len(opened) {
		t.Fatalf("%s: %d spans counted, %d opened", label, len(counted), len(opened))
	}
	show := func(p *int) string {
		if p == nil {
			return "none"
		}
		return fmt.Sprint(*p)
	}
	for i := range counted {
		c, o := counted[i], opened[i]
		if show(c.Counted) != show(o.Counted) || c.Overflows != o.Overflows || c.Note != o.Note {
			t.Errorf("%s: span %s: counted %s, overflows %v, note %q; opened %s, overflows %v, note %q",
				label, c.SpanID, show(c.Counted), c.Overflows, c.Note, show(o.Counted), o.Overflows, o.Note)
		}
	}
}

// TestDirectCountIsTheFullPath checks the listing's direct count against
// opening each span, on every OTLP fixture and the benchmark's generated
// file of many traces, under several request options.
func TestDirectCountIsTheFullPath(t *testing.T) {
	logs, err := ReadLogs(otelLogs)
	if err != nil {
		t.Fatal(err)
	}
	large, _ := largeTraceFile(t, 60)
	files := []struct {
		path string
		logs Logs
	}{{otelTraces, logs}, {otelTraces, nil}, {oiTraces, nil}, {oiBody, nil}, {llmetryTraces, nil}, {indexedTraces, nil}, {large, nil}}
	for _, opts := range countOptions {
		total := 0
		for _, f := range files {
			counted, opened, direct, err := ListedBothWays(f.path, f.logs, opts)
			if err != nil {
				t.Fatal(err)
			}
			sameSummaries(t, fmt.Sprintf("%s %+v", f.path, opts), counted, opened)
			total += direct
		}
		if opts.Model != "claude-sonnet-4-5" && total == 0 {
			t.Errorf("%+v: no span was counted directly", opts)
		}
	}
}

// TestDirectCountShapes checks requests of shapes the fixtures lack:
// each is counted directly and opened, and where the direct count
// declines, the listing's answer is the full path's.
func TestDirectCountShapes(t *testing.T) {
	weather := json.RawMessage(`{"type":"function","function":{"name":"get_weather","description":"Weather of a city","parameters":{"type":"object","properties":{"city":{"type":"string","enum":["Paris","Rome"]},"days":{"type":"integer"}},"required":["city"]}}}`)
	call := []ToolCall{{ID: "call_1", Name: "get_weather", Arguments: `{"city":"Paris"}`}}
	long := ""
	for range 400 {
		long += "the weather in Paris is mild today, "
	}
	cases := []struct {
		name   string
		req    Request
		direct bool
	}{
		{"one user message", Request{Model: "gpt-4o", Messages: []Message{{Role: "user", Content: "hi"}}}, true},
		{"no model", Request{Messages: []Message{{Content: "hi"}}}, true},
		{"unknown model", Request{Model: "my-local-llm", Messages: []Message{{Role: "user", Content: "hi"}}}, true},
		{"agent loop", Request{Model: "gpt-4o-mini", Tools: []json.RawMessage{weather}, Messages: []Message{
			{Role: "system", Content: "You answer about weather."}, {Role: "user", Content: "Paris?"},
			{Role: "assistant", ToolCalls: call}, {Role: "tool", ToolCallID: "call_1", Content: long},
			{Role: "assistant", Content: "Mild."}, {Role: "user", Content: "And Rome?"}}}, true},
		{"no user message", Request{Model: "gpt-4o", Messages: []Message{{Role: "system", Content: "Classify."}, {Role: "assistant", Content: "ok"}}}, true},
		{"developer and named", Request{Model: "o3-mini", Messages: []Message{{Role: "developer", Content: "Be brief."}, {Role: "user", Name: "ann", Content: "hi"}}}, true},
		{"tool answered by name", Request{Model: "gpt-4o", Tools: []json.RawMessage{weather}, Messages: []Message{
			{Role: "user", Content: "Paris?"}, {Role: "assistant", ToolCalls: call}, {Role: "tool", Name: "get_weather", Content: "mild"}}}, true},
		{"overflows its window", Request{Model: "gpt-3.5-turbo-0613", Messages: []Message{{Role: "user", Content: long + long + long + long + long + long + long + long + long + long + long + long}}}, true},
		{"tools joined to a developer message", Request{Model: "gpt-4o", Tools: []json.RawMessage{weather}, Messages: []Message{{Role: "Developer", Content: "Be brief."}, {Role: "user", Content: "Paris?"}}}, true},
		{"tools and a named system message", Request{Model: "gpt-4o", Tools: []json.RawMessage{weather}, Messages: []Message{{Role: "system", Name: "ops", Content: "Be brief."}, {Role: "user", Content: "Paris?"}}}, true},
		{"tools and a system message later", Request{Model: "gpt-4o", Tools: []json.RawMessage{weather}, Messages: []Message{{Role: "user", Content: "Paris?"}, {Role: "system", Content: "Be brief."}}}, true},
		{"tools and an empty system message", Request{Model: "gpt-4o", Tools: []json.RawMessage{weather}, Messages: []Message{{Role: "system"}, {Role: "user", Content: "Paris?"}}}, true},
		{"tools for a reasoning model", Request{Model: "o3-mini", Tools: []json.RawMessage{weather}, Messages: []Message{{Role: "system", Content: "Be brief."}, {Role: "user", Content: "Paris?"}}}, true},
		{"role a loader refuses", Request{Model: "gpt-4o", Messages: []Message{{Role: "model", Content: "hi"}, {Role: "user", Content: "hi"}}}, false},
		{"blank role", Request{Model: "gpt-4o", Messages: []Message{{Role: " ", Content: "hi"}}}, false},
		{"no messages", Request{Model: "gpt-4o"}, false},
		{"tool without a name", Request{Model: "gpt-4o", Tools: []json.RawMessage{json.RawMessage(`{"type":"function","function":{"description":"x"}}`)}, Messages: []Message{{Role: "user", Content: "hi"}}}, false},
		{"tool that is no function", Request{Model: "gpt-4o", Tools: []json.RawMessage{json.RawMessage(`{"type":"code_interpreter"}`)}, Messages: []Message{{Role: "user", Content: "hi"}}}, false},
		{"anthropic tool", Request{Model: "gpt-4o", Tools: []json.RawMessage{json.RawMessage(`{"name":"get_weather","input_schema":{"type":"object"}}`)}, Messages: []Message{{Role: "user", Content: "hi"}}}, false},
		{"claude model", Request{Model: "claude-sonnet-4-5", Messages: []Message{{Role: "user", Content: "hi"}}}, false},
	}
	for _, opts := range countOptions {
		// One counter for all: what it keeps of one request must not
		// change another's count.
		c := newSpanCounter("spans.jsonl", opts)
		for _, tc := range cases {
			req := tc.req
			req.SpanID, req.Content = "00f067aa0ba902b7", true
			n, over, ok := c.count(&req)
			wantDirect := tc.direct && opts.Model != "claude-sonnet-4-5"
			if ok != wantDirect {
				t.Errorf("%s %+v: counted directly %v; want %v", tc.name, opts, ok, wantDirect)
			}
			sc, err := SpanScenario("spans.jsonl", &req, opts)
			var full int
			var fullOver bool
			if err == nil {
				full, fullOver, err = measure(sc)
			}
			switch {
			case ok && err != nil:
				t.Errorf("%s %+v: counted %d directly; the full path refuses it: %v", tc.name, opts, n, err)
			case ok && (n != full || over != fullOver):
				t.Errorf("%s %+v: counted %d (overflows %v) directly; the full path counts %d (overflows %v)", tc.name, opts, n, over, full, fullOver)
			}
		}
	}
}
