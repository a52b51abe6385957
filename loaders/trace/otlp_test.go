package trace

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"ctxlab/loaders"
	"ctxlab/loaders/request"
)

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// oneSpan reads the only span of content.
func oneSpan(t *testing.T, content string) *Span {
	t.Helper()
	var spans []*Span
	if err := Scan(writeTemp(t, "t.jsonl", content), func(sp *Span) error {
		spans = append(spans, sp)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(spans) != 1 {
		t.Fatalf("%d spans, want 1", len(spans))
	}
	return spans[0]
}

// A span as the Collector writes it: 64-bit integers as strings, a
// double, a bool, an array and a key-value list; ids in base64 as a
// protobuf JSON encoder that ignores OTLP's hex rule writes them.
const typedLine = `{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"svc"}}]},` +
	`"scopeSpans":[{"scope":{"name":"lib","version":"1.2"},"spans":[{"traceId":"AAECAwQFBgcICQoLDA0ODw==","spanId":"AAECAwQFBgc=",` +
	`"name":"chat","startTimeUnixNano":"1700000000000000001","endTimeUnixNano":1700000001000000000,"attributes":[` +
	`{"key":"i","value":{"intValue":"9007199254740993"}},{"key":"d","value":{"doubleValue":0.5}},{"key":"b","value":{"boolValue":true}},` +
	`{"key":"a","value":{"arrayValue":{"values":[{"stringValue":"x"},{"intValue":2}]}}},` +
	`{"key":"k","value":{"kvlistValue":{"values":[{"key":"n","value":{"stringValue":"v"}}]}}}],` +
	`"events":[{"timeUnixNano":"1700000000500000000","name":"ev","attributes":[{"key":"x","value":{"boolValue":false}}]}]}]}]}]}`

func TestTypedValues(t *testing.T) {
	sp := oneSpan(t, typedLine+"\n")
	if sp.TraceID != "000102030405060708090a0b0c0d0e0f" || sp.SpanID != "0001020304050607" {
		t.Errorf("ids %s %s", sp.TraceID, sp.SpanID)
	}
	want := map[string]any{"i": int64(9007199254740993), "d": 0.5, "b": true, "a": []any{"x", int64(2)}, "k": map[string]any{"n": "v"}}
	if !reflect.DeepEqual(sp.Attrs, want) {
		t.Errorf("attributes %#v, want %#v", sp.Attrs, want)
	}
	if !sp.Start.Equal(time.Unix(0, 1700000000000000001)) || sp.End.Sub(sp.Start) != time.Second-1 {
		t.Errorf("start %v end %v", sp.Start, sp.End)
	}
	if sp.Service != "svc" || sp.Scope != "lib 1.2" || sp.Line != 1 || len(sp.Events) != 1 || sp.Events[0].Attrs["x"] != false {
		t.Errorf("service %q scope %q line %d events %+v", sp.Service, sp.Scope, sp.Line, sp.Events)
	}
}

// Bad input: one line naming the file, the line and what was expected.
func TestBadInput(t *testing.T) {
	good := typedLine
	for _, tc := range []struct {
		name, content string
		want          []string
	}{
		{"empty", "\n\n", []string{"is empty; expected OTLP JSON traces"}},
		{"not json", "hello\n", []string{"line 1", "is not JSON"}},
		{"second line", good + "\n{\"resourceSpans\": 5}\n", []string{"line 2", "ExportTraceServiceRequest", "resourceSpans"}},
		{"bad int", strings.Replace(good, `"9007199254740993"`, `"nine"`, 1) + "\n", []string{"line 1", "0001020304050607", `intValue "\"nine\""`}},
		{"bad id", strings.Replace(good, `"AAECAwQFBgc="`, `"xyz"`, 1), []string{"line 1", `span "xyz"`, "spanId", "16 hex digits"}},
		{"bad time", strings.Replace(good, `"1700000000000000001"`, `"-3"`, 1), []string{"line 1", "startTimeUnixNano"}},
		{"no trace id", strings.Replace(good, `"traceId":"AAECAwQFBgcICQoLDA0ODw==",`, "", 1), []string{"has no traceId"}},
		{"logs", `{"resourceLogs": []}` + "\n", []string{"line 1", "is OTLP logs, not traces", "--logs"}},
		{"array", "[\n1\n]\n", []string{"is a JSON array; expected an object"}},
		{"wrong type", `{"resourceSpans": [{"scopeSpans": [{"spans": [{"name": 5}]}]}]}`, []string{"line 1", "spans.name is a JSON number; expected a string"}},
		{"hostile", strings.Replace(good, `"AAECAwQFBgc="`, `"\u001b[31mred"`, 1), []string{"␛[31mred"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeTemp(t, "bad.jsonl", tc.content)
			err := Scan(path, func(*Span) error { return nil })
			var le *loaders.Error
			if !errors.As(err, &le) {
				t.Fatalf("error %v, want a *loaders.Error", err)
			}
			msg := err.Error()
			if strings.ContainsAny(msg, "\n\x1b") || !strings.HasPrefix(msg, path+":") {
				t.Errorf("not one inert line naming the file: %q", msg)
			}
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("%q lacks %q", msg, w)
				}
			}
		})
	}
}

func TestFindSpanErrors(t *testing.T) {
	for _, tc := range []struct{ id, want string }{
		{"zz", "expected 16 hex digits"},
		{"0123456789abcdef", "no span 0123456789abcdef; expected the id of an LLM span: they include"},
	} {
		_, _, err := FindSpan(oiTraces, tc.id, "")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), oiTraces+": ") {
			t.Errorf("--span-id %s: %v; want %q", tc.id, err, tc.want)
		}
	}
	// The root span is not an LLM call.
	var root string
	_ = Scan(oiTraces, func(sp *Span) error {
		if sp.ParentSpanID == "" && root == "" {
			root = sp.SpanID
		}
		return nil
	})
	_, err := OpenSpan(oiTraces, root, OpenOptions{})
	if err == nil || !strings.Contains(err.Error(), "is not an LLM call") || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("root span: %v", err)
	}
}

// spanLine is a JSON Lines file of one span with the given attributes
// (OTLP JSON key-values) and events.
func spanLine(attrs, events string) string {
	return `{"resourceSpans":[{"resource":{},"scopeSpans":[{"scope":{"name":"x"},"spans":[{"traceId":"0af7651916cd43dd8448eb211c80319c",` +
		`"spanId":"b7ad6b7169203331","name":"chat m","startTimeUnixNano":"1","attributes":[` + attrs + `],"events":[` + events + `]}]}]}]}` + "\n"
}

func strKV(key, value string) string {
	return `{"key":"` + key + `","value":{"stringValue":` + value + `}}`
}

// The conventions the fixtures do not show: GenAI's current attributes
// as structured values, with system instructions and GenAI-shaped tool
// definitions; the older gen_ai.prompt JSON; and message events on the
// span itself.
func TestOtherShapes(t *testing.T) {
	structured := `{"key":"gen_ai.input.messages","value":{"arrayValue":{"values":[` +
		`{"kvlistValue":{"values":[{"key":"role","value":{"stringValue":"user"}},{"key":"parts","value":{"arrayValue":{"values":[` +
		`{"kvlistValue":{"values":[{"key":"type","value":{"stringValue":"text"}},{"key":"content","value":{"stringValue":"weather?"}}]}}]}}}]}},` +
		`{"kvlistValue":{"values":[{"key":"role","value":{"stringValue":"assistant"}},{"key":"parts","value":{"arrayValue":{"values":[` +
		`{"kvlistValue":{"values":[{"key":"type","value":{"stringValue":"tool_call"}},{"key":"id","value":{"stringValue":"c1"}},{"key":"name","value":{"stringValue":"get_weather"}},` +
		`{"key":"arguments","value":{"kvlistValue":{"values":[{"key":"city","value":{"stringValue":"Paris"}}]}}}]}}]}}}]}},` +
		`{"kvlistValue":{"values":[{"key":"role","value":{"stringValue":"tool"}},{"key":"parts","value":{"arrayValue":{"values":[` +
		`{"kvlistValue":{"values":[{"key":"type","value":{"stringValue":"tool_call_response"}},{"key":"id","value":{"stringValue":"c1"}},{"key":"response","value":{"stringValue":"rainy"}}]}}]}}}]}}` +
		`]}}},` +
		strKV("gen_ai.system_instructions", `"[{\"type\":\"text\",\"content\":\"Be brief.\"}]"`) + `,` +
		strKV("gen_ai.tool.definitions", `"[{\"type\":\"function\",\"name\":\"get_weather\",\"parameters\":{\"type\":\"object\"}}]"`) + `,` +
		strKV("gen_ai.operation.name", `"chat"`) + `,` + strKV("gen_ai.request.model", `"gpt-4o-mini"`) + `,` +
		`{"key":"gen_ai.usage.input_tokens","value":{"intValue":"1500"}},{"key":"gen_ai.usage.cache_read.input_tokens","value":{"intValue":"1024"}}`
	req := RequestOf(oneSpan(t, spanLine(structured, "")), nil)
	if got := roles(req.Messages); !reflect.DeepEqual(got, []string{"system", "user", "assistant+get_weather", "tool<c1"}) {
		t.Errorf("structured: messages %v", got)
	}
	if req.Messages[2].ToolCalls[0].Arguments != `{"city":"Paris"}` || req.Messages[3].Content != "rainy" || req.Messages[0].Content != "Be brief." {
		t.Errorf("structured: %+v", req.Messages)
	}
	if len(req.Tools) != 1 || string(req.Tools[0]) != `{"function":{"name":"get_weather","parameters":{"type":"object"}},"type":"function"}` {
		t.Errorf("structured: tools %s", req.Tools)
	}
	if req.Usage == nil || req.Usage.Input != 1500 || req.Usage.Cached != 1024 || req.Model != "gpt-4o-mini" {
		t.Errorf("structured: usage %+v model %q", req.Usage, req.Model)
	}
	sc, err := SpanScenario("x.jsonl", req, request.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Recorded == nil || sc.Recorded.InputTokens != 1500 || !strings.Contains(sc.Recorded.Field, "1,024 cached included") {
		t.Errorf("the bill is the input tokens, cached included: %+v", sc.Recorded)
	}

	older := strKV("gen_ai.prompt", `"[{\"role\":\"system\",\"content\":\"S\"},{\"role\":\"user\",\"content\":\"Q\"}]"`) + `,` +
		strKV("gen_ai.request.model", `"gpt-4o"`) + `,{"key":"gen_ai.usage.prompt_tokens","value":{"intValue":12}}`
	req = RequestOf(oneSpan(t, spanLine(older, "")), nil)
	if req.Convention != ConventionGenAIPrompt || !reflect.DeepEqual(roles(req.Messages), []string{"system", "user"}) || req.Usage.Field != "gen_ai.usage.prompt_tokens" {
		t.Errorf("gen_ai.prompt: %+v", req)
	}

	events := `{"name":"gen_ai.system.message","attributes":[` + strKV("content", `"S"`) + `]},` +
		`{"name":"gen_ai.user.message","attributes":[` + strKV("content", `"Q"`) + `]}`
	req = RequestOf(oneSpan(t, spanLine(strKV("gen_ai.request.model", `"gpt-4o"`), events)), nil)
	if req.Convention != ConventionGenAIEvents || !reflect.DeepEqual(roles(req.Messages), []string{"system", "user"}) || req.Messages[1].Content != "Q" {
		t.Errorf("span events: %+v", req)
	}
}

func TestIsLLM(t *testing.T) {
	for attrs, want := range map[string]bool{
		strKV("gen_ai.operation.name", `"chat"`):                                                    true,
		strKV("gen_ai.operation.name", `"embeddings"`) + "," + strKV("gen_ai.request.model", `"e"`): false,
		strKV("openinference.span.kind", `"LLM"`):                                                   true,
		strKV("openinference.span.kind", `"RETRIEVER"`):                                             false,
		strKV("llm.request.type", `"chat"`):                                                         true,
		strKV("http.method", `"GET"`):                                                               false,
	} {
		if got := IsLLM(oneSpan(t, spanLine(attrs, ""))); got != want {
			t.Errorf("%s: IsLLM %v, want %v", attrs, got, want)
		}
	}
}

// The newer official instrumentations log one operation-details event
// with gen_ai.input.messages; it is read from the logs file.
func TestOperationDetailsLogRecord(t *testing.T) {
	logs := writeTemp(t, "logs.jsonl", `{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"timeUnixNano":"1","eventName":"gen_ai.client.inference.operation.details",`+
		`"traceId":"0af7651916cd43dd8448eb211c80319c","spanId":"b7ad6b7169203331","attributes":[`+
		`{"key":"gen_ai.input.messages","value":{"arrayValue":{"values":[{"kvlistValue":{"values":[{"key":"role","value":{"stringValue":"user"}},`+
		`{"key":"parts","value":{"arrayValue":{"values":[{"kvlistValue":{"values":[{"key":"type","value":{"stringValue":"text"}},{"key":"content","value":{"stringValue":"hello"}}]}}]}}}]}}]}}}]}]}]}]}`+"\n")
	read, err := ReadLogs(logs)
	if err != nil {
		t.Fatal(err)
	}
	sp := oneSpan(t, spanLine(strKV("gen_ai.operation.name", `"chat"`)+","+strKV("gen_ai.request.model", `"gpt-4o"`), ""))
	req := RequestOf(sp, read[sp.SpanID])
	if req.Convention != ConventionGenAI || len(req.Messages) != 1 || req.Messages[0].Content != "hello" {
		t.Errorf("convention %q, messages %+v", req.Convention, req.Messages)
	}
	if req := RequestOf(sp, nil); req.Content {
		t.Errorf("without the logs: %+v; want usage only", req)
	}
}

// A span whose request does not fit its model's window is marked.
func TestListMarksOverflow(t *testing.T) {
	long := strings.Repeat("word ", 6000)
	attrs := strKV("gen_ai.operation.name", `"chat"`) + "," + strKV("gen_ai.request.model", `"gpt-4"`) + "," +
		strKV("gen_ai.input.messages", `"[{\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"content\":\"`+long+`\"}]}]"`)
	short := strings.Replace(attrs, long, "hello", 1)
	for _, tc := range []struct {
		attrs string
		want  bool
	}{{attrs, true}, {short, false}} {
		list, err := ListTraces(writeTemp(t, "t.jsonl", spanLine(tc.attrs, "")), ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if s := list[0].LLM[0]; s.Overflows != tc.want || s.Counted == nil {
			t.Errorf("counted %v: overflows %v, want %v", s.Counted, s.Overflows, tc.want)
		}
	}
}
