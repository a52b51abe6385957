package space

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/themes"
	"ctxlab/tui/views"
)

// ContextLine is the line of the Context view of ev and sc, drawn
// width cells wide, where an item is: its message's header, or for a
// tool sent beside the messages its name in the tools array; 0 before
// the first evaluation. The workbench opens the view there on Jump for
// anything but a document.
func ContextLine(st *themes.Styles, ev *core.Evaluation, sc *core.Scenario, width int, it core.SpaceItem) int {
	if ev == nil || ev.Assembly == nil {
		return 0
	}
	lines := strings.Split(ansi.Strip(views.Context(st, ev, sc, width)), "\n")
	find := func(from int, prefix string, contains bool) int {
		for i := from; i < len(lines); i++ {
			if (contains && strings.Contains(lines[i], prefix)) || (!contains && strings.HasPrefix(lines[i], prefix)) {
				return i
			}
		}
		return -1
	}
	a := ev.Assembly
	if it.Component == window.ComponentTools && len(a.Tools) > 0 {
		at := find(0, "── tools (sent beside the messages)", false)
		if it.Kind == window.ItemToolDefinition && at >= 0 {
			if name := find(at, fmt.Sprintf("%q", strings.TrimPrefix(it.Label, "tool ")), true); name >= 0 {
				return name
			}
		}
		return max(0, at)
	}
	msg := messageOf(ev, it)
	if msg < 0 {
		return 0
	}
	return max(0, find(0, fmt.Sprintf("── %d %s", msg+1, a.Messages[msg].Role), false))
}

// messageOf is the index of the assembled message that holds an item,
// -1 when no message does (the headings, the framing).
func messageOf(ev *core.Evaluation, it core.SpaceItem) int {
	a := ev.Assembly
	first := func(match func(window.ChatMessage) bool) int {
		for i, msg := range a.Messages {
			if match(msg) {
				return i
			}
		}
		return -1
	}
	measured := a.Mode == window.MeasureOnly
	results := 0
	for _, item := range a.Items {
		if item.Component == window.ComponentToolResults {
			results++
		}
	}
	switch it.Component {
	case window.ComponentSystem, window.ComponentTools:
		return first(func(msg window.ChatMessage) bool { return msg.Role == "system" })
	case window.ComponentRAG:
		return first(func(msg window.ChatMessage) bool { return strings.HasPrefix(msg.Content, views.RAGHeading) })
	case window.ComponentQuery:
		for i := len(a.Messages) - 1; i >= 0; i-- {
			if a.Messages[i].Role == "user" && a.Messages[i].Content == ev.Settings.Query {
				return i
			}
		}
	case window.ComponentHistory:
		if !measured {
			return first(func(msg window.ChatMessage) bool { return msg.Role == "assistant" })
		}
		ref := it.Ref
		if it.Kind == window.ItemComponent {
			ref = 0
		}
		if ref < 0 || ref >= len(ev.History) {
			return -1
		}
		h := ev.History[ref]
		return first(func(msg window.ChatMessage) bool { return msg.Role == h.Role && msg.Content == h.Content })
	case window.ComponentToolResults:
		if !measured {
			return first(func(msg window.ChatMessage) bool { return strings.HasPrefix(msg.Content, views.ResultsHeading) })
		}
		ref := it.Ref
		if it.Kind == window.ItemComponent {
			ref = 0
		}
		if i := len(a.Messages) - results + ref; i >= 0 && i < len(a.Messages) {
			return i
		}
	}
	return -1
}
