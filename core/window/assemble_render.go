package window

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"ctxlab/core/summarize"
	"ctxlab/core/value"
)

// toolsJSON is the tools array as the provider receives it, in
// compact JSON: that is the text the tool definitions are counted from.
// No tools is the empty string, not "[]", because the article's assembler
// skips an empty component and a request without tools sends no array.
func toolsJSON(tools []json.RawMessage) (string, error) {
	if len(tools) == 0 {
		return "", nil
	}
	// A definition already compact (the loaders compact what they read)
	// is written as it is.
	parts := make([]string, 0, 2*len(tools)+1)
	for i, t := range tools {
		sep := ","
		if i == 0 {
			sep = "["
		}
		if json.Valid(t) && isCompactJSON(t) {
			parts = append(parts, sep, string(t))
			continue
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, t); err != nil {
			return "", fmt.Errorf("tool definition %d is not valid JSON: %w", i+1, err)
		}
		parts = append(parts, sep, buf.String())
	}
	parts = append(parts, "]")
	return strings.Join(parts, ""), nil
}

// checkTools returns toolsJSON's error without writing the array: a
// definition that is not valid JSON, as json.Compact reports it.
func checkTools(tools []json.RawMessage) error {
	for i, t := range tools {
		if json.Valid(t) {
			continue
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, t); err != nil {
			return fmt.Errorf("tool definition %d is not valid JSON: %w", i+1, err)
		}
	}
	return nil
}

// isCompactJSON reports whether valid JSON has no space outside its
// strings, so that json.Compact would return it unchanged.
func isCompactJSON(b []byte) bool {
	inString, escaped := false, false
	for _, c := range b {
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return false
		}
	}
	return true
}

// compactTools is toolsJSON as bytes, the request's tools array.
func compactTools(tools []json.RawMessage) ([]byte, error) {
	s, err := toolsJSON(tools)
	if err != nil || s == "" {
		return nil, err
	}
	return []byte(s), nil
}

// compactToolCalls returns a tool_calls array compacted, so whitespace in
// the input does not inflate the count.
func compactToolCalls(raw json.RawMessage, item int) (json.RawMessage, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return nil, fmt.Errorf("tool result %d: tool_calls is not valid JSON: %w", item+1, err)
	}
	return buf.Bytes(), nil
}

// HistoryText renders the history for the article's single
// assistant message as one "role: content" line per message, which is the
// article's SlidingWindowMemory.to_text. Roles stay as given, so a system
// or tool message in the history is still visible for what it is.
func HistoryText(history []value.Message) string {
	// The same text as the memory strategies' to_text, written once into
	// a buffer of its size: joining lines would hold a long history
	// twice, as lines and as the joined text.
	return summarize.RenderMemoryLines(history)
}

// historyText is the history as the assembler folds it: HistoryText
// (in.History), its first line bare when Input.SummaryFirst, or the
// caller's copy of it.
func (in Input) historyText() string {
	if in.HistoryText != "" {
		return in.HistoryText
	}
	return renderHistory(in.History, in.SummaryFirst)
}

// renderHistory is HistoryText(history), with the first message written
// as its content alone when bareFirst: the rolling summary's line, which
// the article's build_context writes with no role in front.
func renderHistory(history []value.Message, bareFirst bool) string {
	if !bareFirst || len(history) == 0 {
		return HistoryText(history)
	}
	if len(history) == 1 {
		return history[0].Content
	}
	return history[0].Content + "\n" + HistoryText(history[1:])
}

// historyLinesIn cuts text, renderHistory(history, bareFirst), into its
// lines, one per message: parts of text, not copies of each line.
func historyLinesIn(text string, history []value.Message, bareFirst bool) []string {
	lines := make([]string, len(history))
	at := 0
	for i, m := range history {
		n := len(m.Role) + len(": ") + len(m.Content)
		if i == 0 && bareFirst {
			n = len(m.Content)
		}
		lines[i] = text[at : at+n]
		at += n + len("\n")
	}
	return lines
}

// toolResultsText renders the tool results for the article's
// "Tool results:" message: one "name: content" line per output (the bare
// content when the tool is unnamed) and "assistant: content tool_calls"
// for a call, so the reader sees which tool said what. It is written
// once into a string of its size, and a lone unnamed output is its
// content itself: each line made and then joined held a 50 MB output
// twice more.
func toolResultsText(results []ToolResult, calls []json.RawMessage) string {
	if len(results) == 1 && results[0].role() == "tool" && results[0].Name == "" {
		return results[0].Content
	}
	return strings.Join(slices.Collect(func(yield func(string) bool) {
		for i, r := range results {
			if i > 0 && !yield("\n") {
				return
			}
			var line []string
			switch {
			case r.role() != "tool":
				line = []string{r.role(), ": ", r.Content}
				if r.Content != "" && len(calls[i]) > 0 {
					line = append(line, " ")
				}
				line = append(line, string(calls[i]))
			case r.Name != "":
				line = []string{r.Name, ": ", r.Content}
			default:
				line = []string{r.Content}
			}
			for _, part := range line {
				if !yield(part) {
					return
				}
			}
		}
	}), "")
}

// toolResultLineSize is the length of a result's line in toolResultsText.
func toolResultLineSize(r ToolResult, call json.RawMessage) int {
	switch {
	case r.role() != "tool":
		n := len(r.role()) + len(": ") + len(r.Content) + len(call)
		if r.Content != "" && len(call) > 0 {
			n++
		}
		return n
	case r.Name != "":
		return len(r.Name) + len(": ") + len(r.Content)
	}
	return len(r.Content)
}

// toolResultLines is toolResultsText line by line, one per result, each
// a substring of it.
func toolResultLines(results []ToolResult, calls []json.RawMessage) []string {
	return toolResultLinesOf(toolResultsText(results, calls), results, calls)
}

// toolResultLinesOf cuts text, toolResultsText(results, calls), into its
// lines: substrings of it, not copies.
func toolResultLinesOf(text string, results []ToolResult, calls []json.RawMessage) []string {
	lines := make([]string, len(results))
	at := 0
	for i, r := range results {
		n := toolResultLineSize(r, calls[i])
		lines[i] = text[at : at+n]
		at += n + len("\n")
	}
	return lines
}
