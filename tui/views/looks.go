package views

import (
	"strings"

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

// monoFills are one fill a component, none repeated and none the free
// space's ░: the component grid's bars draw them too, so the grid is the
// window bar's legend.
var monoFills = map[string]string{
	window.ComponentSystem: "█", window.ComponentTools: "▓", window.ComponentHistory: "▒", window.ComponentRAG: "▄",
	window.ComponentToolResults: "▚", window.ComponentQuery: "▀", window.ComponentLabels: "▪", window.ComponentFraming: "▫",
	window.ComponentReserve: "╌",
}

// MonoFills are the window bar's fills without colour, in the bar's
// order.
func MonoFills() string {
	var b strings.Builder
	for _, name := range window.ComponentNames {
		b.WriteString(monoFills[name])
	}
	return b.String()
}

// FramingAndHeadings labels the budget grid's line that holds both the
// message framing and the assembler's headings, when it has the room.
var FramingAndHeadings = window.ComponentShort(window.ComponentFraming) + " and " + window.ComponentShort(window.ComponentLabels)
