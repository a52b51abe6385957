package core

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"ctxlab/core/memory"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/quoted"
)

// Loss is what a fix takes out of the request as sent: the components it
// cuts, and the items it drops or shortens, by name and number. A fix
// with an empty Loss changes nothing sent, or only adds to it.
type Loss struct {
	// Components are the components that send fewer tokens.
	Components []ComponentDelta
	// MessagesDropped and MessagesCut are messages of an imported request
	// (numbered as sent, from 1) no longer sent, or sent with a shorter
	// or replaced content.
	MessagesDropped, MessagesCut []int
	// ToolsDropped are the tool definitions no longer sent, by name.
	ToolsDropped []string
	// ItemsDropped and ItemsCut are the items the fix's item edits
	// replace by a note or cut ("tool result 2"), for an input whose
	// messages have no numbers as sent.
	ItemsDropped, ItemsCut []string
	// HistoryDropped counts the history messages the memory strategy
	// drops or summarizes besides those it did before, for an input
	// whose messages have no numbers as sent.
	HistoryDropped int
	// DocumentsOut and DocumentsCut count retrieved documents no longer
	// sent, and sent in part where they were sent whole.
	DocumentsOut, DocumentsCut int
}

// Empty reports that the fix loses nothing.
func (l Loss) Empty() bool {
	return len(l.Components) == 0 && len(l.MessagesDropped) == 0 && len(l.MessagesCut) == 0 &&
		len(l.ToolsDropped) == 0 && len(l.ItemsDropped) == 0 && len(l.ItemsCut) == 0 && l.HistoryDropped == 0 && l.DocumentsOut == 0 && l.DocumentsCut == 0
}

// Words says the loss in one sentence: "nothing sent is cut or dropped",
// or what is, with counts.
func (l Loss) Words() string {
	if l.Empty() {
		return "nothing sent is cut or dropped"
	}
	var parts []string
	if n := len(l.MessagesDropped); n > 0 {
		parts = append(parts, fmt.Sprintf("%s dropped (%s)", numfmt.Count(n, "message", "messages"), numberRanges(l.MessagesDropped)))
	}
	if n := len(l.MessagesCut); n > 0 {
		parts = append(parts, fmt.Sprintf("%s cut (%s)", numfmt.Count(n, "message", "messages"), numberRanges(l.MessagesCut)))
	}
	if n := len(l.ToolsDropped); n > 0 {
		names := make([]string, len(l.ToolsDropped))
		for i, name := range l.ToolsDropped {
			names[i] = quoted.Name(name)
		}
		parts = append(parts, fmt.Sprintf("%s dropped (%s)", numfmt.Count(n, "tool", "tools"), strings.Join(names, ", ")))
	}
	if n := len(l.ItemsDropped); n > 0 {
		parts = append(parts, fmt.Sprintf("%s dropped (%s)", numfmt.Count(n, "item", "items"), strings.Join(l.ItemsDropped, ", ")))
	}
	if n := len(l.ItemsCut); n > 0 {
		parts = append(parts, fmt.Sprintf("%s cut (%s)", numfmt.Count(n, "item", "items"), strings.Join(l.ItemsCut, ", ")))
	}
	if l.HistoryDropped > 0 {
		parts = append(parts, fmt.Sprintf("%s of the history dropped or summarized", numfmt.Count(l.HistoryDropped, "message", "messages")))
	}
	if l.DocumentsOut > 0 {
		parts = append(parts, fmt.Sprintf("%s no longer sent", numfmt.Count(l.DocumentsOut, "document", "documents")))
	}
	if l.DocumentsCut > 0 {
		parts = append(parts, fmt.Sprintf("%s sent in part", numfmt.Count(l.DocumentsCut, "document", "documents")))
	}
	var cuts []string
	for _, c := range l.Components {
		cuts = append(cuts, fmt.Sprintf("%s %s → %s", window.ComponentWords(c.Name), numfmt.Thousands(c.UsedBefore), numfmt.Thousands(c.UsedAfter)))
	}
	if len(cuts) > 0 {
		parts = append(parts, "cut: "+strings.Join(cuts, ", "))
	}
	return strings.Join(parts, "; ")
}

// numberRanges writes sorted numbers as ranges: "2–5, 9".
func numberRanges(numbers []int) string {
	var out []string
	for i := 0; i < len(numbers); {
		j := i
		for j+1 < len(numbers) && numbers[j+1] == numbers[j]+1 {
			j++
		}
		if j == i {
			out = append(out, numfmt.Thousands(numbers[i]))
		} else {
			out = append(out, numfmt.Thousands(numbers[i])+"–"+numfmt.Thousands(numbers[j]))
		}
		i = j + 1
	}
	return strings.Join(out, ", ")
}

// lossOf compares two evaluations of one input: what the second sends
// less of than the first.
func lossOf(before, after *Evaluation, documents []DocumentChange) Loss {
	var l Loss
	for _, name := range window.ComponentNames {
		if name == window.ComponentReserve || name == window.ComponentLabels || name == window.ComponentFraming {
			continue // the framing and headings follow the messages
		}
		b, _ := before.Assembly.Component(name)
		a, _ := after.Assembly.Component(name)
		if a.Used < b.Used {
			l.Components = append(l.Components, ComponentDelta{Name: name, AllocatedBefore: b.Allocated, AllocatedAfter: a.Allocated, UsedBefore: b.Used, UsedAfter: a.Used})
		}
	}
	sentBefore, sentAfter := sentMessages(before.Assembly), sentMessages(after.Assembly)
	for number, m := range sentBefore {
		switch n, ok := sentAfter[number]; {
		case !ok:
			l.MessagesDropped = append(l.MessagesDropped, number)
		case !bytes.Equal(m, n):
			l.MessagesCut = append(l.MessagesCut, number)
		}
	}
	slices.Sort(l.MessagesDropped)
	slices.Sort(l.MessagesCut)
	// The article's layout sends the tools inside the system message,
	// where its component's cut says what is lost of them. Beside the
	// messages, a tool is sent whole or not at all: the component's
	// tokens may move with how the array is counted (as OpenAI renders a
	// measured request, as JSON budgeted), which loses nothing.
	if toolsAfter := toolNames(after.Assembly.Tools); after.Assembly.Layout != window.LayoutArticle {
		for _, name := range toolNames(before.Assembly.Tools) {
			if !slices.Contains(toolsAfter, name) {
				l.ToolsDropped = append(l.ToolsDropped, name)
			}
		}
		if len(l.ToolsDropped) == 0 {
			l.Components = slices.DeleteFunc(l.Components, func(c ComponentDelta) bool { return c.Name == window.ComponentTools })
		}
	}
	if len(sentBefore) == 0 {
		l.HistoryDropped = max(0, memoryLost(after.Memory)-memoryLost(before.Memory))
		l.ItemsDropped, l.ItemsCut = newItemEdits(before.Settings, after.Settings)
	}
	for _, d := range documents {
		switch {
		case d.Before != DocNotSent && d.After == DocNotSent:
			l.DocumentsOut++
		case d.Before == DocSent && d.After == DocPartial:
			l.DocumentsCut++
		}
	}
	return l
}

// sentMessages are an assembly's messages of an imported request by their
// number as sent, each as written out.
func sentMessages(a *window.Assembly) map[int]json.RawMessage {
	// An Anthropic message may be several items (a tool_result block
	// each): its blocks sent are the items' together.
	out := map[int]json.RawMessage{}
	for _, m := range a.Messages {
		if m.Sent != nil {
			out[m.Sent.Number] = append(out[m.Sent.Number], m.Sent.JSON...)
		}
	}
	return out
}

// memoryLost counts the history messages a memory result does not send
// as themselves.
func memoryLost(m memory.Result) int {
	n := 0
	for _, f := range m.Fates {
		if f.Fate == memory.Dropped || f.Fate == memory.Summarized {
			n++
		}
	}
	return n
}

// toolNames are the names of a tools array's definitions, in order: a
// function's name, or a tool's own (Anthropic's, a server tool's type).
func toolNames(tools json.RawMessage) []string {
	var defs []struct {
		Type     string `json:"type"`
		Name     string `json:"name"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	}
	if len(tools) == 0 || json.Unmarshal(tools, &defs) != nil {
		return nil
	}
	names := make([]string, 0, len(defs))
	for _, d := range defs {
		names = append(names, cmp.Or(d.Function.Name, d.Name, d.Type))
	}
	return names
}

// newItemEdits are the items after's edits drop or cut that before's do
// not, in words.
func newItemEdits(before, after Settings) (dropped, cut []string) {
	had := map[string]bool{}
	for _, e := range before.ItemEdits() {
		had[e.String()] = true
	}
	for _, e := range after.ItemEdits() {
		if had[e.String()] {
			continue
		}
		if e.Tokens == 0 {
			dropped = append(dropped, e.Words())
		} else {
			cut = append(cut, e.Words())
		}
	}
	return dropped, cut
}
