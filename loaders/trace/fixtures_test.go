package trace

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"ctxlab/loaders/request"
)

// The fixtures under testdata were written by the real instrumentations
// (testdata/gen): two traces each, the agent loop's two chat calls and
// the first call alone, over recorded gpt-4o responses whose usage is 71
// and 133 input tokens.

const (
	otelTraces      = "testdata/otel-genai/traces.jsonl"
	otelLogs        = "testdata/otel-genai/logs.jsonl"
	oiTraces        = "testdata/openinference/traces.jsonl"
	oiBody          = "testdata/openinference/traces.json"
	llmetryTraces   = "testdata/openllmetry/traces.jsonl"
	indexedTraces   = "testdata/openllmetry-indexed/traces.jsonl"
	recordedBodies  = "testdata/gen/recorded.json"
	wantTraces      = 2
	wantFirstBilled = 71
)

// llmSpans reads every LLM span of a file, in file order.
func llmSpans(t *testing.T, path string) []*Span {
	t.Helper()
	var out []*Span
	if err := Scan(path, func(sp *Span) error {
		if IsLLM(sp) {
			out = append(out, sp)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(out) != 3 {
		t.Fatalf("%s: %d LLM spans, want 3", path, len(out))
	}
	return out
}

// roles lists a request's messages as role[+calls] strings.
func roles(msgs []Message) []string {
	var out []string
	for _, m := range msgs {
		s := m.Role
		for _, c := range m.ToolCalls {
			s += "+" + c.Name
		}
		if m.ToolCallID != "" {
			s += "<" + m.ToolCallID
		}
		out = append(out, s)
	}
	return out
}

// The agent loop's second turn, as the application sent it.
var secondTurn = []string{
	"system", "user", "assistant+delete_file+create_file",
	"tool<call_HMKxpFuWMpNPfuK5352En5En", "tool<call_CAES42XVgl0EvrUmnIoHkMSS",
}

func TestFixtureRequests(t *testing.T) {
	logs, err := ReadLogs(otelLogs)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path       string
		logs       Logs
		convention string
		tools      int
		second     []string
		notes      []string
	}{
		{otelTraces, logs, ConventionGenAIEvents, 0, secondTurn, []string{noteNoToolDefinitions}},
		{oiTraces, nil, ConventionOpenInfer, 2, secondTurn, nil},
		{oiBody, nil, ConventionOpenInfer, 2, secondTurn, nil},
		{llmetryTraces, nil, ConventionGenAI, 2, secondTurn, nil},
		// The older OpenLLMetry leaves an assistant turn's tool calls out.
		{indexedTraces, nil, ConventionOpenLLMetry, 2, []string{"system", "user", "assistant", "tool", "tool"}, []string{noteMissingToolCalls}},
	} {
		t.Run(tc.path, func(t *testing.T) {
			spans := llmSpans(t, tc.path)
			second := RequestOf(spans[1], tc.logs[spans[1].SpanID])
			if second.Convention != tc.convention {
				t.Errorf("convention %q, want %q", second.Convention, tc.convention)
			}
			if got := roles(second.Messages); !reflect.DeepEqual(got, tc.second) {
				t.Errorf("messages %v, want %v", got, tc.second)
			}
			if second.Model != "gpt-4o" || len(second.Tools) != tc.tools {
				t.Errorf("model %q, %d tools; want gpt-4o, %d", second.Model, len(second.Tools), tc.tools)
			}
			if second.Usage == nil || second.Usage.Input != 133 || second.Usage.Output != 20 {
				t.Errorf("usage %+v, want 133 in, 20 out", second.Usage)
			}
			if !reflect.DeepEqual(second.Notes, tc.notes) {
				t.Errorf("notes %q, want %q", second.Notes, tc.notes)
			}
			if second.Messages[0].Content != "Just call tools without asking for confirmation." ||
				second.Messages[len(second.Messages)-1].Content != "Success" {
				t.Errorf("contents: first %q, last %q", second.Messages[0].Content, second.Messages[len(second.Messages)-1].Content)
			}
			for _, m := range second.Messages {
				for _, c := range m.ToolCalls {
					var args map[string]string
					if err := json.Unmarshal([]byte(c.Arguments), &args); err != nil || args["path"] == "" {
						t.Errorf("tool call %s arguments %q: want a JSON object with a path", c.Name, c.Arguments)
					}
				}
			}
			for _, tool := range second.Tools {
				var def struct {
					Type     string `json:"type"`
					Function struct {
						Name       string         `json:"name"`
						Parameters map[string]any `json:"parameters"`
					} `json:"function"`
				}
				if err := json.Unmarshal(tool, &def); err != nil || def.Type != "function" || def.Function.Name == "" || def.Function.Parameters["type"] != "object" {
					t.Errorf("tool definition %s: want OpenAI's {type: function, function: {name, parameters}}", tool)
				}
			}
		})
	}
}

// The span opens as the request body it recorded would: the same
// components as the recorded body given to --request.
func TestSpanOpensAsItsRequestBody(t *testing.T) {
	data, err := os.ReadFile(recordedBodies)
	if err != nil {
		t.Fatal(err)
	}
	var recorded []struct {
		Request json.RawMessage `json:"request"`
	}
	if err := json.Unmarshal(data, &recorded); err != nil {
		t.Fatal(err)
	}
	want, err := request.Parse("recorded", recorded[1].Request, request.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{oiTraces, llmetryTraces} {
		spans := llmSpans(t, path)
		got, err := OpenSpan(path, spans[1].SpanID, OpenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got.SystemPrompt != want.SystemPrompt || got.Settings.Query != want.Settings.Query ||
			len(got.Tools) != len(want.Tools) || len(got.ToolResults) != len(want.ToolResults) || len(got.History) != len(want.History) {
			t.Errorf("%s: system %q query %q, %d tools, %d tool results, %d history; the body gives %q %q %d %d %d", path,
				got.SystemPrompt, got.Settings.Query, len(got.Tools), len(got.ToolResults), len(got.History),
				want.SystemPrompt, want.Settings.Query, len(want.Tools), len(want.ToolResults), len(want.History))
		}
		for i := range want.ToolResults {
			if i < len(got.ToolResults) && (got.ToolResults[i].Name != want.ToolResults[i].Name || got.ToolResults[i].Content != want.ToolResults[i].Content) {
				t.Errorf("%s: tool result %d is %s %q, the body's %s %q", path, i+1, got.ToolResults[i].Name, got.ToolResults[i].Content, want.ToolResults[i].Name, want.ToolResults[i].Content)
			}
		}
		if got.Recorded == nil || got.Recorded.InputTokens != 133 || got.Recorded.Field == "" {
			t.Errorf("%s: recorded %+v, want the span's 133 input tokens", path, got.Recorded)
		}
	}
}

// The official instrumentation's span opens as usage only without its
// logs, and says why; with them, as its messages.
func TestOfficialSpanNeedsItsLogs(t *testing.T) {
	spans := llmSpans(t, otelTraces)
	sc, err := OpenSpan(otelTraces, spans[1].SpanID, OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sc.SystemPrompt != "" || len(sc.ToolResults) != 0 || sc.Recorded != nil {
		t.Errorf("without logs: system %q, %d tool results, recorded %+v; want an empty request", sc.SystemPrompt, len(sc.ToolResults), sc.Recorded)
	}
	joined := strings.Join(sc.Notes, "\n")
	for _, want := range []string{"--logs FILE", "133 input and 20 output tokens", "records no tool definitions"} {
		if !strings.Contains(joined, want) {
			t.Errorf("notes lack %q:\n%s", want, joined)
		}
	}
	sc, err = OpenSpan(otelTraces, spans[1].SpanID, OpenOptions{Logs: otelLogs})
	if err != nil {
		t.Fatal(err)
	}
	if sc.SystemPrompt == "" || len(sc.ToolResults) != 3 || sc.Recorded == nil || sc.Recorded.InputTokens != 133 {
		t.Errorf("with logs: system %q, %d tool results, recorded %+v", sc.SystemPrompt, len(sc.ToolResults), sc.Recorded)
	}
}

func TestListTracesFixtures(t *testing.T) {
	logs, err := ReadLogs(otelLogs)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		logs Logs
	}{{otelTraces, logs}, {oiTraces, nil}, {oiBody, nil}, {llmetryTraces, nil}, {indexedTraces, nil}} {
		list, err := ListTraces(tc.path, ListOptions{Logs: tc.logs})
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != wantTraces {
			t.Fatalf("%s: %d traces, want %d", tc.path, len(list), wantTraces)
		}
		loop, single := list[0], list[1]
		if loop.Spans != 3 || len(loop.LLM) != 2 || single.Spans != 2 || len(single.LLM) != 1 || loop.Service != "file-agent" {
			t.Errorf("%s: spans %d/%d LLM %d/%d service %q; want 3/2, 2/1, file-agent", tc.path, loop.Spans, single.Spans, len(loop.LLM), len(single.LLM), loop.Service)
		}
		if !loop.Start.Before(single.Start) || !loop.LLM[0].Start.Before(loop.LLM[1].Start) {
			t.Errorf("%s: not in time order", tc.path)
		}
		first := loop.LLM[0]
		if first.Billed == nil || *first.Billed != wantFirstBilled || first.Counted == nil || *first.Counted == 0 || first.Model != "gpt-4o" {
			t.Errorf("%s: first span %+v", tc.path, first)
		}
		// The count is the one the opened span reports.
		sc, err := OpenSpan(tc.path, loop.LLM[1].SpanID, OpenOptions{Logs: map[bool]string{true: otelLogs}[tc.logs != nil]})
		if err != nil {
			t.Fatal(err)
		}
		n, err := Count(sc)
		if err != nil || loop.LLM[1].Counted == nil || *loop.LLM[1].Counted != n {
			t.Errorf("%s: listed count %v, opened span counts %d (%v)", tc.path, loop.LLM[1].Counted, n, err)
		}
	}
	// Without the logs the official spans are listed with their bill
	// alone.
	list, err := ListTraces(otelTraces, ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s := list[0].LLM[1]; s.Counted != nil || s.Billed == nil || *s.Billed != 133 || !strings.Contains(s.Note, "--logs") {
		t.Errorf("without logs: %+v", s)
	}
}

// Both forms of the file hold the same spans.
func TestBodyAndLinesAgree(t *testing.T) {
	lines, body := llmSpans(t, oiTraces), llmSpans(t, oiBody)
	for i := range lines {
		if body[i].Line != 0 || lines[i].Line == 0 {
			t.Errorf("span %d: lines %d and %d; want a line in the JSON Lines file only", i, lines[i].Line, body[i].Line)
		}
		lines[i].Line, body[i].Line = 0, 0
	}
	if !reflect.DeepEqual(lines, body) {
		t.Error("the OTLP/HTTP body and the JSON Lines file give different spans")
	}
}
