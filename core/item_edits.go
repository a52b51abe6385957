package core

import (
	"fmt"
	"strconv"
	"strings"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// Item kinds an edit names, as the flags spell them.
const (
	ItemToolResult = "tool_result"
	ItemMessage    = "message"
)

// ItemEdit drops or truncates one input item before assembly: a tool
// result or a history message, numbered as every report numbers them
// (Scenario.Numbering): "message 5" is the fifth message of the request
// as sent, the system message included; "tool result 3" the third tool
// result among tool results only. Dropping replaces the content by a one-line
// note rather than removing the item, so a tool result still answers its
// call (a chat body with a call and no result is refused) and every
// other item keeps its number. It is a setting, not an edit of the input:
// undoing it or exporting the scenario keeps the input as it was.
type ItemEdit struct {
	Kind   string
	Number int
	// Tokens is what a truncation keeps; 0 for a drop.
	Tokens int
}

// String spells the edit as its flag takes it: "tool_result:3",
// "message:5=500".
func (e ItemEdit) String() string {
	s := e.Kind + ":" + strconv.Itoa(e.Number)
	if e.Tokens > 0 {
		s += "=" + strconv.Itoa(e.Tokens)
	}
	return s
}

// flag is the flag that spells the edit.
func (e ItemEdit) flag() string {
	if e.Tokens > 0 {
		return "--truncate-item"
	}
	return "--drop-item"
}

// Words names the item as the reports do: "tool result 3", "message 5".
func (e ItemEdit) Words() string {
	return strings.ReplaceAll(e.Kind, "_", " ") + " " + strconv.Itoa(e.Number)
}

// ParseItemEdit reads "KIND:N" (a drop) or, when truncate, "KIND:N=TOKENS".
func ParseItemEdit(text string, truncate bool) (ItemEdit, error) {
	want := "KIND:N (tool_result:3 or message:5)"
	if truncate {
		want = "KIND:N=TOKENS (tool_result:3=500 or message:5=200)"
	}
	bad := func() (ItemEdit, error) { return ItemEdit{}, fmt.Errorf("%q is not %s", text, want) }
	item, keep, hasKeep := strings.Cut(strings.TrimSpace(text), "=")
	if hasKeep != truncate {
		return bad()
	}
	kind, number, ok := strings.Cut(item, ":")
	if !ok || (kind != ItemToolResult && kind != ItemMessage) {
		return bad()
	}
	e := ItemEdit{Kind: kind}
	var err error
	if e.Number, err = strconv.Atoi(number); err != nil || e.Number < 1 {
		return bad()
	}
	if truncate {
		if e.Tokens, err = strconv.Atoi(keep); err != nil || e.Tokens < 1 {
			return bad()
		}
	}
	return e, nil
}

// refuseItemEdits is the list knobs' check: every item parses.
func refuseItemEdits(truncate bool) func(KnobValue) (string, int) {
	return func(v KnobValue) (string, int) {
		for i, text := range v.List {
			if _, err := ParseItemEdit(text, truncate); err != nil {
				return err.Error(), i + 1
			}
		}
		return "", 0
	}
}

// ItemEdits are the settings' drops and truncations, parsed (the knobs
// have checked them).
func (s Settings) ItemEdits() []ItemEdit {
	var out []ItemEdit
	for _, list := range []struct {
		texts    []string
		truncate bool
	}{{s.DropItems, false}, {s.TruncateItems, true}} {
		for _, text := range list.texts {
			if e, err := ParseItemEdit(text, list.truncate); err == nil {
				out = append(out, e)
			}
		}
	}
	return out
}

// TruncatedMarker ends a truncated item, as the reference marks a cut
// document.
const TruncatedMarker = " [...]"

// droppedNote is what a dropped item's content becomes.
func droppedNote(tokensBefore int) string {
	return fmt.Sprintf("[removed by ctxlab: %s]", tokenCount(tokensBefore))
}

// applyItemEdits returns the history and tool results with the settings'
// edits applied (copies; the scenario is not touched), and a note per
// edit. An edit naming an item the input does not have is an error.
// context says the request sends the retrieved context as a message
// (Scenario.Numbering).
func applyItemEdits(sc *Scenario, s Settings, context bool) ([]value.Message, []window.ToolResult, []string, error) {
	edits := s.ItemEdits()
	if len(edits) == 0 {
		return sc.History, sc.ToolResults, nil, nil
	}
	history := append([]value.Message(nil), sc.History...)
	results := append([]window.ToolResult(nil), sc.ToolResults...)
	numbers := numbering(sc.Numbering(s.Query, context))
	tok := s.Pipeline.Tokenizer
	var notes []string
	for _, e := range edits {
		var content *string
		var sent **value.Sent
		item, isResult, err := numbers.itemOf(e)
		if err != nil {
			return nil, nil, nil, err
		}
		if isResult {
			content, sent = &results[item].Content, &results[item].Sent
		} else {
			content, sent = &history[item].Content, &history[item].Sent
		}
		before := tok.Count(*content)
		switch {
		case e.Tokens == 0:
			*content = droppedNote(before)
			notes = append(notes, fmt.Sprintf("%s replaced by a note: %s removed (%s %s)", e.Words(), tokenCount(before), e.flag(), e))
		case before > e.Tokens:
			*content = tok.Truncate(*content, e.Tokens, tokens.KeepStart) + TruncatedMarker
			notes = append(notes, fmt.Sprintf("%s cut to its first %s of %s (%s %s)", e.Words(), tokenCount(e.Tokens), numfmt.Thousands(before), e.flag(), e))
		}
		// An imported message stays itself, with the content edited.
		*sent = (*sent).WithContent(*content)
	}
	return history, results, notes, nil
}

// editedScenario is the scenario with the settings' item edits applied:
// a shallow copy whose history and tool results are edited copies.
func editedScenario(sc *Scenario, s Settings, context bool) (*Scenario, []string, error) {
	history, results, notes, err := applyItemEdits(sc, s, context)
	if err != nil || len(notes) == 0 && len(s.DropItems)+len(s.TruncateItems) == 0 {
		return sc, notes, err
	}
	edited := *sc
	edited.History, edited.ToolResults = history, results
	return &edited, notes, nil
}

// itemOf finds the item an edit names in the request's numbering
// (window.Numbering): its position in the history, or with isResult in
// the tool results. message:N names any message of the history or after
// the query; an edit naming what it cannot edit (the system prompt, the
// query, a number past the request's) is an error that says what that
// number is.
func (n numbering) itemOf(e ItemEdit) (item int, isResult bool, err error) {
	refuse := func(format string, args ...any) (int, bool, error) {
		return 0, false, fmt.Errorf("%s %s: %s", e.flag(), e, fmt.Sprintf(format, args...))
	}
	if e.Kind == ItemToolResult {
		for i, num := range n.ToolResult {
			if num == e.Number {
				return i, true, nil
			}
		}
		for i, carried := range n.HistoryToolResults {
			first, count := carried[0], carried[1]
			switch {
			case count == 1 && first == e.Number:
				return i, false, nil
			case count > 1 && e.Number >= first && e.Number < first+count:
				return refuse("tool result %d is one of the %d tool results of message %d, which an edit takes whole (message:%d)", e.Number, count, n.History[i], n.History[i])
			}
		}
		return refuse("the request has %s (numbered among tool results only)", numfmt.Count(n.ToolResults, "tool result", "tool results"))
	}
	for i, num := range n.History {
		if num == e.Number {
			return i, false, nil
		}
	}
	switch {
	case e.Number == n.System:
		return refuse("message %d is the system prompt, which no item edit changes", e.Number)
	case e.Number == n.Query:
		return refuse("message %d is the user's query, which no item edit changes", e.Number)
	case e.Number == n.Context:
		return refuse("message %d is the retrieved context, which no item edit changes (its documents are numbered #N)", e.Number)
	}
	// A message after the query is a tool-results item: one item, it is
	// edited as a message; an Anthropic message of several tool_result
	// blocks is edited a result at a time.
	var items, carried []int
	for i, num := range n.Results {
		if num == e.Number {
			items = append(items, i)
			if n.ToolResult[i] > 0 {
				carried = append(carried, n.ToolResult[i])
			}
		}
	}
	switch {
	case len(items) == 1:
		return items[0], true, nil
	case len(carried) > 1:
		return refuse("message %d holds tool results %d-%d: name one as tool_result:N", e.Number, carried[0], carried[len(carried)-1])
	case len(items) > 1:
		return refuse("message %d is sent as %d items: name its tool results as tool_result:N", e.Number, len(items))
	}
	return refuse("the request has %s, numbered from 1 as sent with the system message", numfmt.Count(n.Messages, "message", "messages"))
}

// numbering is window.Numbering with the item edits' lookup.
type numbering window.Numbering

func tokenCount(n int) string { return numfmt.Count(n, "token", "tokens") }
