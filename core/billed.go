package core

import (
	"encoding/json"
	"strings"

	"ctxlab/core/diagnose"
	"ctxlab/core/tokens"
	"ctxlab/core/window"
)

// Bill is the provider's bill for a request set beside ctxlab's count of
// it as sent (diagnose.Bill): the header's "counted · billed" and the
// reports' "billed" object.
type Bill = diagnose.Bill

// Trim is what a trajectory's trim policy removed from a turn's request
// (diagnose.Trim).
type Trim = diagnose.Trim

// billOf compares the recorded usage with the assembly when the assembly
// is the request as sent; a budgeted assembly is another request, whose
// count the bill says nothing about.
func billOf(ev *Evaluation, sc *Scenario) *Bill {
	rec, a := ev.Recorded, ev.Assembly
	if rec == nil || a == nil || a.Mode != window.MeasureOnly {
		return nil
	}
	b := &Bill{Billed: rec.Billed(), Field: rec.Field, Counted: a.Used, ResponseFormat: asksStructuredReply(sc.OpenAIBody),
		ToolsMissing: len(sc.Tools) == 0 && makesToolCalls(sc)}
	if spec, ok := tokens.LookupModel(ev.Settings.Model); ok && spec.Provider == tokens.ProviderAnthropic {
		if len(sc.Anthropic.ServerSide) == 0 {
			b.EstimateBand = AnthropicEstimateBandPercent
		} else {
			b.LeftOut = strings.Join(sc.Anthropic.ServerSide, ", ")
		}
	}
	return b
}

// asksStructuredReply reports whether an OpenAI body sets a
// response_format (Chat Completions) or a text.format (Responses) other
// than plain text.
func asksStructuredReply(body string) bool {
	if body == "" {
		return false
	}
	var b struct {
		ResponseFormat struct {
			Type string `json:"type"`
		} `json:"response_format"`
		Text struct {
			Format struct {
				Type string `json:"type"`
			} `json:"format"`
		} `json:"text"`
	}
	if json.Unmarshal([]byte(body), &b) != nil {
		return false
	}
	structured := func(t string) bool { return t != "" && t != "text" }
	return structured(b.ResponseFormat.Type) || structured(b.Text.Format.Type)
}

// makesToolCalls reports whether the request holds a tool call or a
// tool's output: it was sent with tool definitions, whether or not the
// input recorded them.
func makesToolCalls(sc *Scenario) bool {
	for _, r := range sc.ToolResults {
		if len(r.ToolCalls) > 0 || r.ToolCallID != "" {
			return true
		}
	}
	for _, m := range sc.History {
		if m.Role == "tool" || m.Sent != nil && strings.Contains(string(m.Sent.JSON), `"tool_calls"`) {
			return true
		}
	}
	return false
}
