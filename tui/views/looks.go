package views

import (
	"github.com/charmbracelet/lipgloss"

	"ctxlab/core/diagnose"
	"ctxlab/core/window"
	"ctxlab/themes"
)

// SeverityLook is how a finding's severity is drawn: a glyph that reads
// without colour, the word, and the colour.
func SeverityLook(st *themes.Styles, s diagnose.Severity) (glyph, word string, style lipgloss.Style) {
	switch s {
	case diagnose.SeverityError:
		return "▲", "error", st.Alert
	case diagnose.SeverityWarning:
		return "⚠", "warning", st.Warn
	}
	return "ℹ", "info", st.Muted
}

// ComponentStyle is the style a window component is drawn in, its bar
// and its name; the labels and the framing share one.
func ComponentStyle(st *themes.Styles, name string) lipgloss.Style {
	key := name
	switch name {
	case window.ComponentLabels, window.ComponentFraming:
		key = themes.CompFraming
	}
	if s, ok := st.Component[key]; ok {
		return s
	}
	return st.Muted
}

// MonoFill is the fill of a window component's bar without colour: the
// fills tell the segments apart.
func MonoFill(name string) string { return monoFills[name] }

var monoFills = map[string]string{
	window.ComponentSystem: "█", window.ComponentTools: "▓", window.ComponentHistory: "▒", window.ComponentRAG: "█",
	window.ComponentToolResults: "▓", window.ComponentQuery: "▒", window.ComponentLabels: "▪", window.ComponentFraming: "▪",
	window.ComponentReserve: "╌",
}

// FramingAndHeadings labels the budget grid's line that holds both the
// message framing and the assembler's headings, when it has the room.
var FramingAndHeadings = window.ComponentShort(window.ComponentFraming) + " and " + window.ComponentShort(window.ComponentLabels)
