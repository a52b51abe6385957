package window

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"ctxlab/core/tokens"
	"ctxlab/internal/quoted"
)

// ItemKind is what one item of a request is: a whole component, or one
// of the pieces a component is made of.
type ItemKind string

const (
	ItemComponent      ItemKind = "component"
	ItemMessage        ItemKind = "message"
	ItemToolDefinition ItemKind = "tool-definition"
	ItemToolCall       ItemKind = "tool-call"
	ItemToolResult     ItemKind = "tool-result"
	ItemDocument       ItemKind = "document"
)

// ItemKinds lists the kinds in the order a request holds them.
var ItemKinds = []ItemKind{ItemComponent, ItemToolDefinition, ItemDocument, ItemMessage, ItemToolCall, ItemToolResult}

// Item is one piece of a component and the tokens it costs: a tool
// definition, a history message, a tool call or a tool result. Labels
// hold names from the input as they are; whoever prints one makes it
// safe for a terminal.
type Item struct {
	Kind ItemKind `json:"kind"`
	// Component is the component the item belongs to.
	Component string `json:"component"`
	// Index is the item's position in its input list (Input.Tools,
	// Input.History or Input.ToolResults), from 0.
	Index int    `json:"index"`
	Label string `json:"label"`
	// Tokens is what the item costs in the request as sent; Raw is its
	// cost before the assembler cut its component to the allocation.
	Tokens int `json:"tokens"`
	Raw    int `json:"raw"`
}

// itemCounts counts every tool definition, history message and tool
// result of an assembly, on the text the component was counted on: in
// measure mode the messages as sent and the tools as the provider bills
// them (the counts toolsPart made, or its pieces, each definition's part
// of the JSON), budgeted the lines of the article's rendering and each
// tool's JSON (the chat layout's counts of them in toolsPart). A
// component the assembler cut shares out what it sent from the end it
// kept, so the items cut away cost nothing. historyText is the history
// component's rendering, budgeted (HistoryText); resultLines the tool
// results' lines of the article's rendering when the assembly has them
// (toolResultLinesOf), else they are rendered here.
//
// historyItems and resultItems, when not nil, are the messages' counts
// already made (a request counted as OpenAI renders it, billedOpenAI).
func itemCounts(in Input, reports []ComponentReport, calls []json.RawMessage, toolsPart *assembledComponent, historyText string, resultLines []string, historyItems, resultItems []int) []Item {
	used := func(name string) (int, bool) {
		for _, r := range reports {
			if r.Name == name {
				return r.Used, r.Truncated
			}
		}
		return 0, false
	}
	tok := in.Tokenizer
	var items []Item

	toolTexts := toolsPart.pieces
	counted := len(toolsPart.itemTokens) == len(in.Tools)
	if !counted && len(toolTexts) != len(in.Tools) {
		toolTexts = toolJSONTexts(in.Tools)
	}
	tools := make([]Item, len(in.Tools))
	for i, t := range in.Tools {
		var n int
		if counted {
			n = toolsPart.itemTokens[i]
		} else {
			n = tok.Count(toolTexts[i])
		}
		tools[i] = Item{Kind: ItemToolDefinition, Component: ComponentTools, Index: i, Label: "tool " + quoted.Name(toolName(t, i)), Tokens: n, Raw: n}
	}
	items = append(items, shareCut(tools, used, ComponentTools, tokens.KeepStart)...)

	// Budgeted, a message is its line of the article's rendering;
	// measured, it is the message itself.
	measured := in.mode() == MeasureOnly
	var lines []string
	if !measured {
		lines = historyLinesIn(historyText, in.History, in.SummaryFirst)
	}
	numbers := in.Numbering()
	if in.Numbers != nil && len(in.Numbers.Results) == len(in.ToolResults) {
		own := numbers
		numbers = *in.Numbers
		if !measured || len(numbers.History) != len(in.History) {
			numbers.History, numbers.HistoryToolResults = own.History, own.HistoryToolResults
		}
	}
	history := make([]Item, len(in.History))
	for i, m := range in.History {
		var n int
		switch {
		case len(historyItems) == len(in.History):
			n = historyItems[i]
		case measured:
			n = ChatMessage{Role: m.Role, Content: m.Content}.contentTokens(tok)
		default:
			n = tok.Count(lines[i])
		}
		history[i] = Item{Kind: ItemMessage, Component: ComponentHistory, Index: i, Label: numbers.HistoryLabel(i, m.Role), Tokens: n, Raw: n}
	}
	items = append(items, shareCut(history, used, ComponentHistory, tokens.KeepEnd)...)

	if !measured {
		lines = resultLines
		if lines == nil {
			lines = toolResultLines(in.ToolResults, calls)
		}
	}
	results := make([]Item, len(in.ToolResults))
	for i, r := range in.ToolResults {
		var n int
		switch {
		case len(resultItems) == len(in.ToolResults):
			n = resultItems[i]
		case measured:
			n = ChatMessage{Role: r.role(), Content: r.Content, ToolCallID: r.ToolCallID, ToolCalls: calls[i]}.contentTokens(tok)
		default:
			n = tok.Count(lines[i])
		}
		kind, label := toolResultLabel(r, calls[i], numbers, i)
		results[i] = Item{Kind: kind, Component: ComponentToolResults, Index: i, Label: label, Tokens: n, Raw: n}
	}
	items = append(items, shareCut(results, used, ComponentToolResults, tokens.KeepEnd)...)
	return items
}

// shareCut gives a cut component's sent tokens to its items from the end
// the assembler kept; an uncut component's items keep their counts.
func shareCut(items []Item, used func(string) (int, bool), component string, keep tokens.Keep) []Item {
	sent, cut := used(component)
	if !cut {
		return items
	}
	for step := range items {
		i := step
		if keep == tokens.KeepEnd {
			i = len(items) - 1 - step
		}
		items[i].Tokens = min(items[i].Raw, sent)
		sent -= items[i].Tokens
	}
	return items
}

// toolJSONTexts is each tool definition as its compact JSON: what the
// article writes into the system message, and what Anthropic receives.
func toolJSONTexts(tools []json.RawMessage) []string {
	texts := make([]string, len(tools))
	for i, t := range tools {
		if json.Valid(t) && isCompactJSON(t) {
			texts[i] = string(t)
			continue
		}
		var buf bytes.Buffer
		if json.Compact(&buf, t) == nil {
			texts[i] = buf.String()
		}
	}
	return texts
}

// toolName reads a tool definition's name in either provider's shape,
// falling back to its position.
func toolName(raw json.RawMessage, i int) string {
	var def struct {
		Name     string `json:"name"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	}
	_ = json.Unmarshal(raw, &def)
	switch {
	case def.Function.Name != "":
		return def.Function.Name
	case def.Name != "":
		return def.Name
	}
	return fmt.Sprintf("%d", i+1)
}

// HistoryLabel names history message i, of the given role, by its
// number in the request: "message 3 (assistant)", and a message that
// carries tool results by them, "message 6 (tool result 1)".
func (numbers Numbering) HistoryLabel(i int, role string) string {
	if i < 0 || i >= len(numbers.History) {
		return fmt.Sprintf("message %d (%s)", i+1, role)
	}
	what := role
	if first, count := numbers.HistoryToolResults[i][0], numbers.HistoryToolResults[i][1]; count == 1 {
		what = fmt.Sprintf("tool result %d", first)
	} else if count > 1 {
		what = fmt.Sprintf("tool results %d-%d", first, first+count-1)
	}
	return fmt.Sprintf("message %d (%s)", numbers.History[i], what)
}

// toolResultLabel names one item of the tool-results component: a
// tool's output by its number among tool results and its tool, an
// assistant's calls by the tools called, each with its message number.
func toolResultLabel(r ToolResult, calls json.RawMessage, numbers Numbering, i int) (ItemKind, string) {
	msg := numbers.Results[i]
	if r.role() == "tool" || isToolOutputRole(r.role()) {
		if r.Name == "" {
			return ItemToolResult, fmt.Sprintf("tool result %d (message %d)", numbers.ToolResult[i], msg)
		}
		return ItemToolResult, fmt.Sprintf("tool result %d: %s (message %d)", numbers.ToolResult[i], quoted.Name(r.Name), msg)
	}
	if names := calledTools(calls); names != "" {
		return ItemToolCall, fmt.Sprintf("message %d: tool call %s", msg, quoted.Name(names))
	}
	return ItemMessage, fmt.Sprintf("message %d (%s)", msg, r.role())
}

// calledTools lists the tools an assistant's tool_calls array names.
func calledTools(calls json.RawMessage) string {
	if len(calls) == 0 {
		return ""
	}
	var parsed []struct {
		Name     string `json:"name"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	}
	if json.Unmarshal(calls, &parsed) != nil {
		return ""
	}
	names := make([]string, 0, len(parsed))
	for _, c := range parsed {
		switch {
		case c.Function.Name != "":
			names = append(names, c.Function.Name)
		case c.Name != "":
			names = append(names, c.Name)
		}
	}
	if len(names) == 0 {
		return "call"
	}
	return strings.Join(names, ", ")
}
