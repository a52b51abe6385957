package window

import (
	"encoding/json"
	"errors"
	"fmt"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/choice"
)

// Mode chooses between measuring a request and budgeting one.
type Mode string

const (
	// Budgeted applies the budget's allocations with the article's
	// assembler: components are cut to their allocations and laid out in
	// the article's messages. It is the zero value.
	Budgeted Mode = "budgeted"
	// MeasureOnly measures a request as it is: nothing is cut, messages
	// keep the request's own shape, and the total is checked against
	// window - reserve. It answers "why did this overflow".
	MeasureOnly Mode = "measure"
)

// Modes are the modes in display order, with their parser.
var Modes = choice.Of("assembly mode", Budgeted, MeasureOnly)

// ToolResult is one item of the tool-results component: a tool's output
// or, in an agent loop, the assistant message that made the calls (Role
// "assistant" with ToolCalls), since both come after the user's query and
// both are what tool use costs.
type ToolResult struct {
	// Name is the tool's name, shown in the budgeted rendering; it is not
	// sent as a message name (OpenAI tool messages carry an id instead).
	Name    string `json:"name,omitempty"`
	Content string `json:"content"`
	// ToolCallID is the call a tool output answers.
	ToolCallID string `json:"tool_call_id,omitempty"`
	// Role is "tool" (the default) or "assistant" for a tool call.
	Role string `json:"role,omitempty"`
	// ToolCalls is the assistant's tool_calls array exactly as the
	// provider received it.
	ToolCalls json.RawMessage `json:"tool_calls,omitempty"`
	// Sent is the message as an imported request sent it (see
	// value.Sent); nil for any other input.
	Sent *value.Sent `json:"-"`
}

// role returns the result's message role, "tool" unless set.
func (r ToolResult) role() string {
	if r.Role == "" {
		return "tool"
	}
	return r.Role
}

// Input is everything one request is assembled from.
type Input struct {
	Budget ContextBudget
	// Tokenizer counts and cuts every component.
	Tokenizer tokens.Tokenizer
	// Model picks the message framing (see FramingForModel); empty means
	// the current gpt-4o-era framing.
	Model string
	// NoFraming leaves framing out of the total, as the article does.
	NoFraming bool
	// ReplaceSplitChars writes U+FFFD for a character a cut splits
	// between tokens, as tiktoken's decode does in the article's
	// truncate_to_token_limit, instead of dropping its bytes.
	ReplaceSplitChars bool
	// CutOverAllocated assembles a budget whose allocations add up to
	// more than its max input, cutting each component to its allocation
	// as the article's assembler does (it never calls validate); without
	// it that budget is refused with a *BudgetOverflowError.
	CutOverAllocated bool
	// PythonSlices cuts the article layout's components as the
	// article's Python slices do: an allocation of 0 keeps the history
	// or the tool results whole (tokens[-0:]), where ctxlab drops them.
	PythonSlices bool
	// UseCase labels the assembly in metrics (a preset name, usually).
	UseCase string
	Mode    Mode
	// Layout lays a budgeted request out; empty means the article's.
	Layout Layout
	// Numbers, when not nil, numbers the request's messages as the caller
	// knows them (the scenario's whole history, before a memory strategy
	// dropped any): the tool results' labels take it, and the history's
	// when History is that whole history. nil numbers Input itself.
	Numbers *Numbering

	SystemPrompt string
	// SystemSent and QuerySent are the system message and the user's
	// query as an imported request sent them, written out in place of
	// SystemPrompt and UserQuery when those are sent unchanged.
	SystemSent, QuerySent *value.Sent
	// Tools are the tool definitions, each exactly as the provider
	// receives it; they are counted as the compact JSON of the array.
	Tools []json.RawMessage
	// History is the conversation before the user's query. Budgeted, it
	// becomes the article's single assistant message, one "role: content"
	// line per message (the article's SlidingWindowMemory.to_text), so a
	// memory strategy's output plugs in as messages; measured, each
	// message is sent as itself.
	History []value.Message
	// SummaryFirst says History[0] is a rolling summary's line
	// ("[Conversation summary: …]"), which the article's build_context
	// writes with no role in front; budgeted, it is folded into the
	// history as its content alone.
	SummaryFirst bool
	// HistoryText, when not "", is the history as the assembler folds
	// it (HistoryText(History), the first line bare when SummaryFirst)
	// already written by the caller (the memory strategy counts the same
	// text), so the assembler does not write a second copy of a long
	// history.
	HistoryText string
	ToolResults []ToolResult
	UserQuery   string
	// RetrievedContext is a context block already built, by Build or by
	// BuildSimpleRAG.
	RetrievedContext string
	// HeadedContext, when set, is ArticleRAGHeading + RetrievedContext
	// in one string whose tail RetrievedContext is (pipeline's
	// Options.BlockPrefix): the article's assembler sends it as the
	// context's message when it keeps the block whole, rather than copy
	// the block behind its heading.
	HeadedContext string
	// OpenAIBody is the Chat Completions body a measured request was
	// imported from (JSON), when it is one: the request is then counted
	// as OpenAI renders it (billedOpenAI) rather than from its parts.
	OpenAIBody string
	// OpenAIResponses says OpenAIBody is the chat form of a Responses API
	// body, which OpenAI renders with a few differences.
	OpenAIResponses bool
	// Anthropic is what an imported Anthropic request sets that Anthropic
	// renders into the prompt besides its messages and tools.
	Anthropic AnthropicPrompt
}

// validate reports what makes the input unusable; budget allocations that
// overflow matter only when they are applied.
func (in Input) validate() error {
	if in.Tokenizer == nil {
		return fmt.Errorf("no tokenizer set")
	}
	mode := in.mode()
	if _, err := Modes.Parse(string(mode)); err != nil {
		return err
	}
	if mode == MeasureOnly {
		return in.Budget.ValidateWindow()
	}
	if _, err := Layouts.Parse(string(in.layout())); err != nil {
		return err
	}
	err := in.Budget.Validate()
	var allocations *BudgetOverflowError
	if in.CutOverAllocated && errors.As(err, &allocations) {
		return nil
	}
	return err
}

// imported reports whether the input holds messages of an imported
// request (value.Sent).
func (in Input) imported() bool {
	if in.SystemSent != nil || in.QuerySent != nil {
		return true
	}
	for _, m := range in.History {
		if m.Sent != nil {
			return true
		}
	}
	for _, r := range in.ToolResults {
		if r.Sent != nil {
			return true
		}
	}
	return false
}

func (in Input) mode() Mode {
	if in.Mode == "" {
		return Budgeted
	}
	return in.Mode
}

func (in Input) layout() Layout {
	if in.Layout == "" {
		return LayoutArticle
	}
	return in.Layout
}
