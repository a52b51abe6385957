package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"ctxlab/core"
	"ctxlab/core/memory"
	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/loaders"
	"ctxlab/sample"
)

// trickyText holds every kind of character encoding/json escapes apart
// (HTML, controls, U+2028, invalid UTF-8), longer than a window so that
// the windows' ends fall inside them.
func trickyText(n int) string {
	kinds := []string{"word ", "<b>&", "\"", "\\", "\n\t", "\x00\x1f", "\u2028\u2029", "é", "漢", "🙂", "\xff", "\xe2\x80", "\xf0\x9f\x99"}
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString(kinds[(i*7)%len(kinds)])
	}
	return b.String()
}

// encodedWhole is the report as encoding/json writes it, indented: what
// writeStreamedJSON must reproduce byte for byte.
func encodedWhole(t *testing.T, doc *assembleJSON) string {
	t.Helper()
	var want bytes.Buffer
	if err := writeJSON(&want, doc); err != nil {
		t.Fatal(err)
	}
	return want.String()
}

func streamed(t *testing.T, doc *assembleJSON) string {
	t.Helper()
	var got bytes.Buffer
	if err := writeStreamedJSON(&got, doc); err != nil {
		t.Fatal(err)
	}
	return got.String()
}

// TestStreamedAssembleJSONIsEncoded: the streamed report is the bytes
// encoding/json gives for the same report, for the bundled scenarios and
// for messages, a system prompt and a format_memory block of long texts
// of every character encoding/json treats apart, with each optional key
// present and absent.
func TestStreamedAssembleJSONIsEncoded(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"scenarios/support_chat.yaml", "scenarios/agent_workflow.yaml", "scenarios/overflow.yaml", "scenarios/document_qa.yaml"} {
		sc, err := loaders.LoadScenarioFS(sample.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []window.Mode{window.Budgeted, window.MeasureOnly} {
			s := sc.Settings
			s.Mode = mode
			ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0), RequestID: "r"}, s)
			if err != nil {
				t.Fatal(err)
			}
			doc := assembleJSONOf(&assembleRun{scenario: sc, source: name, eval: ev})
			if got, want := streamed(t, &doc), encodedWhole(t, &doc); got != want {
				t.Errorf("%s, %s: the streamed report differs from encoding/json's:\n%s\nwant\n%s", name, mode, got, want)
			}
		}
	}

	long := trickyText(3*streamWindow + 17)
	history := []value.Message{{Role: "user", Content: long}, {Role: "tool", Content: "<short>"}, {Role: "assistant", Content: long[5:]}}
	fm := memory.FormatView(history, 0)
	messages := []window.ChatMessage{
		{Role: "system", Content: long},
		{Role: "assistant", Content: "", Name: "a<b", ToolCalls: json.RawMessage(`[ {"id": "c1", "x": "<&>"} ]`)},
		{Role: "tool", Content: long[1:], ToolCallID: "c1\u2028"},
	}
	anthropic := []window.AnthropicMessage{{Role: "user", Content: []json.RawMessage{json.RawMessage(`{"type": "text", "text": "<hi>"}`)}}}
	cases := map[string]assembleJSON{
		"chat messages and format_memory": {Model: "gpt-4o", Messages: messages, Tools: json.RawMessage(`[{"name": "t"}]`),
			Assembly: assemblyJSON{assemblyJSONHead: assemblyJSONHead{Source: "s"}, FormatMemory: &formatMemoryJSON{fm},
				assemblyJSONTail: assemblyJSONTail{Notes: []string{"n"}}},
			assembleJSONRest: assembleJSONRest{Alert: "a", Findings: nil}},
		"no messages, nothing optional": {Messages: []window.ChatMessage{}},
		"nil messages":                  {Messages: []window.ChatMessage(nil)},
		"an Anthropic body":             {Model: "claude", MaxTokens: 10, System: long, Messages: anthropic},
		"nil Anthropic turns":           {Messages: []window.AnthropicMessage(nil)},
	}
	for name, doc := range cases {
		if got, want := streamed(t, &doc), encodedWhole(t, &doc); got != want {
			t.Errorf("%s: the streamed report differs from encoding/json's:\n%q\nwant\n%q", name, got, want)
		}
	}
}

// TestStreamedAssembleJSONFailsBeforeWriting: a value encoding/json
// refuses fails the report before any of it is written, as Encode did.
func TestStreamedAssembleJSONFailsBeforeWriting(t *testing.T) {
	doc := assembleJSON{Messages: []window.ChatMessage{{Role: "user", Content: "hi"}}}
	doc.Metrics.BudgetUtilization = posInf()
	var out bytes.Buffer
	if err := writeStreamedJSON(&out, &doc); err == nil || out.Len() != 0 {
		t.Errorf("error %v, %d bytes written; want an error and nothing written", err, out.Len())
	}
}

func posInf() float64 {
	zero := 0.0
	return 1 / zero
}

// BenchmarkAssembleJSONLongMessage writes a report whose one message is
// 8 MB, streamed and as encoding/json wrote it; -benchmem shows what each
// allocates (go test ./cli -run '^$' -bench AssembleJSONLongMessage -benchmem).
func BenchmarkAssembleJSONLongMessage(b *testing.B) {
	doc := assembleJSON{Messages: []window.ChatMessage{{Role: "user", Content: strings.Repeat("a <long> message\n", 8<<20/17)}}}
	for _, c := range []struct {
		name  string
		write func(io.Writer, *assembleJSON) error
	}{
		{"streamed", writeStreamedJSON},
		{"encoding-json", func(w io.Writer, d *assembleJSON) error { return writeJSON(w, d) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := c.write(io.Discard, &doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
