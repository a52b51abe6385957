package tui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/tui/draw"
)

// compactHelp are the keys' descriptions in a word or two, for a footer
// too narrow for their sentences; the help (?) gives them whole.
var compactHelp = map[string]string{
	"scroll down": "down", "page down": "page", "back to list": "back",
	"earlier stage": "earlier", "later stage": "later", "hide/show removed": "removed",
	"sort: tokens, order, kind": "sort", "go to the item": "go to",
	"choose a finding": "finding", "choose a row it is about": "row", "go to the row": "go to",
	"sort by the next column": "sort", "reverse the order": "reverse", "open the query": "open",
	"choose a turn": "turn", "the policy the bars show": "policy", "open the turn in every view": "open",
	"choose control": "control", "type a value": "type", "find a control by name": "find",
	"preview a fix (again: the next)": "fix", "apply the fix previewed": "apply", "close the preview": "close",
	"scroll the preview": "scroll", "page the preview": "page", "undo the last fix applied": "undo",
	"first turn over the window": "first over", "pin the policy as baseline": "pin",
	"next pane": "pane", "reset all": "reset",
}

// compacted is bindings with their descriptions in compactHelp's words.
func compacted(bindings []key.Binding) []key.Binding {
	out := make([]key.Binding, len(bindings))
	for i, b := range bindings {
		out[i] = b
		h := b.Help()
		if short, ok := compactHelp[h.Desc]; ok {
			out[i].SetHelp(h.Key, short)
		}
	}
	return out
}

// fitFooter is the footer's keys at width: the pane's keys and the
// global ones in full where they fit, else the global ones cut to help
// and quit (short, help first), then the pane's in a word or two, then
// help alone, and only then does the help drop the pane's last keys
// (its "…").
func fitFooter(h help.Model, local, global, short []key.Binding, sep string, width int) string {
	h.Width = 0
	full, compact := h.ShortHelpView(local), h.ShortHelpView(compacted(local))
	globalFull, globalShort, helpOnly := h.ShortHelpView(global), h.ShortHelpView(short), h.ShortHelpView(short[:1])
	cut := h
	cut.Width = max(1, width-1-ansi.StringWidth(sep+helpOnly))
	lines := []string{" " + full + sep + globalFull}
	// The global keys fewer from the end, help and quit kept last.
	for k := len(global) - len(short) - 1; k > 0; k-- {
		lines = append(lines, " "+full+sep+h.ShortHelpView(append(append([]key.Binding(nil), global[:k]...), short...)))
	}
	return draw.Fitting(width, append(lines,
		" "+full+sep+globalShort,
		" "+compact+sep+globalShort,
		" "+compact+sep+helpOnly,
		" "+cut.ShortHelpView(compacted(local))+sep+helpOnly,
	)...)
}
