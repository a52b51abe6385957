package export

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"ctxlab/core/window"
	"ctxlab/internal/chatbody"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/request"
)

// TestExportedResponsesRequest: messages.json for a request read from an
// OpenAI Responses API body is a Responses body (instructions, the input
// items as sent, the tools in their own shape, text and
// max_output_tokens), measured and budgeted in the chat layout, in the
// bytes MarshalIndent writes.
func TestExportedResponsesRequest(t *testing.T) {
	const body = `{"model":"gpt-4o","instructions":"Answer <briefly>.","max_output_tokens":500,
		"input":[
		{"role":"user","content":[{"type":"input_text","text":"Weather in Paris?"}]},
		{"type":"reasoning","id":"rs_1","summary":[]},
		{"type":"function_call","id":"fc_1","status":"completed","call_id":"c1","name":"weather","arguments":"{\"city\":\"Paris\"}"},
		{"type":"function_call_output","call_id":"c1","output":"sunny"}],
		"tools":[{"type":"function","name":"weather","parameters":{"type":"object","properties":{"city":{"type":"string"}}},"strict":false},{"type":"web_search"}],
		"text":{"format":{"type":"json_schema","name":"out","schema":{"type":"object"}}}}`
	var input map[string]any
	if err := json.Unmarshal([]byte(body), &input); err != nil {
		t.Fatal(err)
	}
	for _, layout := range []window.Layout{"", window.LayoutChat} {
		sc, err := request.Parse("responses.json", []byte(body), request.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if layout != "" {
			sc.Settings.Mode, sc.Settings.Layout = window.Budgeted, layout
		}
		ev := evaluate(t, sc)
		got := requestJSON(ev, sc.Provider)
		if err := chatbody.CheckResponses(got); err != nil {
			t.Fatalf("layout %q: not a Responses body: %v\n%s", layout, err, got)
		}
		want, err := json.MarshalIndent(ev.Assembly.ResponsesBody(ev.Settings.Model), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if want = append(safetext.EscapeJSON(want), '\n'); !bytes.Equal(got, want) {
			t.Errorf("layout %q: %s\nwant %s", layout, got, want)
		}
		var out map[string]any
		if err := json.Unmarshal(got, &out); err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"model", "instructions", "input", "tools", "text", "max_output_tokens"} {
			if !reflect.DeepEqual(out[key], input[key]) {
				t.Errorf("layout %q: %s %v, want the input's %v", layout, key, out[key], input[key])
			}
		}
		if _, ok := out["messages"]; ok {
			t.Errorf("layout %q: Chat Completions messages in a Responses body", layout)
		}
	}
}
