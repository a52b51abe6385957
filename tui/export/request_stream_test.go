package export

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/core/window"
	"ctxlab/internal/racetest"
	"ctxlab/internal/safetext"
)

// requestJSON is messages.json's bytes for an evaluation.
func requestJSON(ev *core.Evaluation, provider string) []byte {
	var b bytes.Buffer
	if err := writeRequestJSON(&b, ev, provider); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// marshalIndentRequest is the request as json.MarshalIndent writes it
// whole, made safe as every JSON file is: the bytes messages.json keeps.
func marshalIndentRequest(t *testing.T, ev *core.Evaluation, provider string) []byte {
	t.Helper()
	var body any
	if a := ev.Assembly; a.SendsAnthropicBody(provider) {
		body = a.AnthropicBody(ev.Settings.Model)
	} else {
		openAI := map[string]any{"messages": a.Messages}
		if ev.Settings.Model != "" {
			openAI["model"] = ev.Settings.Model
		}
		if len(a.Tools) > 0 {
			openAI["tools"] = a.Tools
		}
		body = openAI
	}
	out, err := json.MarshalIndent(body, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(safetext.EscapeJSON(out), '\n')
}

// TestExportedRequestIsMarshalIndent: the streamed messages.json is
// MarshalIndent's bytes, made safe, for every sample in both layouts,
// for OpenAI and Anthropic, with a long message holding what JSON and a
// terminal escape. Under the race detector it checks the first sample
// only, in every layout and for both providers.
func TestExportedRequestIsMarshalIndent(t *testing.T) {
	t.Parallel()
	hostile := strings.Repeat("a \"q\" \\ <b>&</b> \n\t\x01 \u2028 \u202e \u009b 漢字 😀 ", 4<<10)
	names := []string{"support_chat", "code_review", "document_qa", "agent_workflow", "overflow"}
	for _, name := range names[:max(1, racetest.Cut(len(names), 3))] {
		for _, layout := range []window.Layout{window.LayoutArticle, window.LayoutChat} {
			for _, provider := range []string{"", tokens.ProviderAnthropic} {
				sc := sampleScenario(t, name)
				sc.Provider = provider
				sc.Settings.Layout = layout
				sc.SystemPrompt += hostile
				ev := evaluate(t, sc)
				got := requestJSON(ev, provider)
				if want := marshalIndentRequest(t, ev, provider); !bytes.Equal(got, want) {
					t.Errorf("%s %s %q: %d bytes, want %d; first difference at %d", name, layout, provider, len(got), len(want), firstDifference(got, want))
				}
			}
		}
	}
}

func firstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
