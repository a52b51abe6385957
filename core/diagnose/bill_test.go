package diagnose

import (
	"encoding/json"
	"strings"
	"testing"

	"ctxlab/core/pipeline"
	"ctxlab/core/usage"
	"ctxlab/core/window"
)

// billInput is an assembly of a request with tools, a tool call and its
// result, counted 1,204 tokens, against a bill.
func billInput(billed int, responseFormat bool) Input {
	a := &window.Assembly{
		Mode: window.MeasureOnly, Used: 1204,
		Components: []window.ComponentReport{{Name: window.ComponentTools, Used: 412}, {Name: window.ComponentFraming, Used: 20}},
		Messages: []window.ChatMessage{
			{Role: "user", Content: "find the order"},
			{Role: "assistant", ToolCalls: json.RawMessage(`[{"id":"c1","type":"function","function":{"name":"lookup","arguments":"{\"id\":\"a b c\"}"}}]`)},
			{Role: "tool", ToolCallID: "c1", Content: "order a b c shipped on monday"},
		},
	}
	return Input{
		Assembly: a, Pipeline: pipeline.Settings{Tokenizer: wordTokens{}}, Model: "gpt-4o",
		Bill: &Bill{Billed: usage.OpenAI.Normalize(usage.Reported{Input: billed}), Field: "usage.prompt_tokens", Counted: 1204, ResponseFormat: responseFormat},
	}
}

// TestBillFindingNamesTheGapAndItsLikelyParts: a count off the bill is a
// finding that gives the gap and names the parts counted by inferred
// rules, largest first, with their counted share.
func TestBillFindingNamesTheGapAndItsLikelyParts(t *testing.T) {
	in := billInput(1210, true)
	fs := billFindings(&in)
	if len(fs) != 1 || fs[0].Code != CodeCountOffBill || fs[0].Severity != SeverityInfo {
		t.Fatalf("findings %+v", fs)
	}
	msg := fs[0].Message
	for _, want := range []string{"ctxlab counts 1,204 tokens as sent, the provider billed 1,210", "−6, −0.5%", "within 2% of the bill",
		"tool definitions and response_format 412 tokens (34% of the count)", "assistant tool_calls", "tool messages"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	if strings.Index(msg, "tool definitions") > strings.Index(msg, "tool messages") {
		t.Errorf("the largest part is not named first:\n%s", msg)
	}

	in = billInput(1500, false)
	fs = billFindings(&in)
	if len(fs) != 1 || fs[0].Severity != SeverityWarning || !strings.Contains(fs[0].Message, "beyond the 2%") || strings.Contains(fs[0].Message, "response_format") {
		t.Errorf("a gap of 20%%: %+v", fs)
	}
}

// TestBillFindingNoneWhenExactOrUnbilled: no finding when the count is
// the bill, or when there is no bill.
func TestBillFindingNoneWhenExactOrUnbilled(t *testing.T) {
	in := billInput(1204, false)
	if fs := billFindings(&in); len(fs) != 0 {
		t.Errorf("exact count: %+v", fs)
	}
	in.Bill = nil
	if fs := billFindings(&in); len(fs) != 0 {
		t.Errorf("no bill: %+v", fs)
	}
}

func TestBillWords(t *testing.T) {
	b := Bill{Billed: usage.OpenAI.Normalize(usage.Reported{Input: 1210}), Counted: 1204}
	if got := b.Words(); got != "counted 1,204 · billed 1,210 (−6, −0.5%)" {
		t.Errorf("Words = %q", got)
	}
	b.Counted = 1331
	if got := b.GapWords(); got != "+121, +10%" {
		t.Errorf("GapWords = %q", got)
	}
	b.EstimateBand = 13
	if got := b.Verdict(); got != "within the estimate's ±13%" {
		t.Errorf("Verdict = %q", got)
	}
}
