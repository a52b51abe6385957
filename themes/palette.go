// Package themes holds ctxlab's palettes and the Styles built from them.
// Nothing else in ctxlab defines a colour: panes receive a *Styles and use
// its fields, so switching theme is replacing one pointer.
package themes

import "github.com/charmbracelet/lipgloss"

// Palette is a theme's colours by role. An empty colour means "no colour":
// the monochrome theme leaves them all empty and relies on glyphs, bold,
// underline and reverse video.
type Palette struct {
	Name string

	Text, Muted, Faint, Accent, Border, BorderFocus lipgloss.Color
	SelectedBg, SelectedFg                          lipgloss.Color
	HeaderBg, HeaderFg                              lipgloss.Color

	Included, Partial, Summarized, Excluded, Duplicate, Filtered lipgloss.Color

	// Budget components, in the order the window bar draws them.
	System, Tools, History, RAG, ToolResults, Query, Framing, Reserve, Free lipgloss.Color

	Warn, Alert, AlertFg, Changed, Match, Shingle, Citation, CutMarker lipgloss.Color
}

// Dark suits a dark terminal background.
var Dark = Palette{
	Name: "dark",
	Text: "#E4E4E7", Muted: "#A1A1AA", Faint: "#71717A", Accent: "#A78BFA",
	Border: "#3F3F46", BorderFocus: "#A78BFA",
	SelectedBg: "#312E81", SelectedFg: "#F5F3FF",
	HeaderBg: "#4C1D95", HeaderFg: "#F5F3FF",
	Included: "#4ADE80", Partial: "#FBBF24", Summarized: "#38BDF8", Excluded: "#F87171", Duplicate: "#F472B6", Filtered: "#71717A",
	System: "#A78BFA", Tools: "#F472B6", History: "#38BDF8", RAG: "#4ADE80", ToolResults: "#FBBF24", Query: "#F97316",
	Framing: "#94A3B8", Reserve: "#52525B", Free: "#27272A",
	Warn: "#FBBF24", Alert: "#DC2626", AlertFg: "#FFFFFF", Changed: "#FDE047", Match: "#FDE047", Shingle: "#F472B6",
	Citation: "#A78BFA", CutMarker: "#F87171",
}

// Light suits a light terminal background.
var Light = Palette{
	Name: "light",
	Text: "#18181B", Muted: "#52525B", Faint: "#A1A1AA", Accent: "#6D28D9",
	Border: "#D4D4D8", BorderFocus: "#6D28D9",
	SelectedBg: "#EDE9FE", SelectedFg: "#1E1B4B",
	HeaderBg: "#6D28D9", HeaderFg: "#FFFFFF",
	Included: "#15803D", Partial: "#B45309", Summarized: "#0369A1", Excluded: "#B91C1C", Duplicate: "#BE185D", Filtered: "#A1A1AA",
	System: "#7C3AED", Tools: "#DB2777", History: "#0284C7", RAG: "#16A34A", ToolResults: "#D97706", Query: "#EA580C",
	Framing: "#64748B", Reserve: "#A1A1AA", Free: "#E4E4E7",
	Warn: "#B45309", Alert: "#B91C1C", AlertFg: "#FFFFFF", Changed: "#CA8A04", Match: "#B45309", Shingle: "#BE185D",
	Citation: "#6D28D9", CutMarker: "#B91C1C",
}

// HighContrast uses the sixteen ANSI colours at full strength, which every
// terminal and projector renders legibly.
var HighContrast = Palette{
	Name: "high-contrast",
	Text: "15", Muted: "7", Faint: "7", Accent: "14",
	Border: "7", BorderFocus: "11",
	SelectedBg: "11", SelectedFg: "0",
	HeaderBg: "15", HeaderFg: "0",
	Included: "10", Partial: "11", Summarized: "14", Excluded: "9", Duplicate: "13", Filtered: "7",
	System: "13", Tools: "9", History: "14", RAG: "10", ToolResults: "11", Query: "12",
	Framing: "7", Reserve: "8", Free: "0",
	Warn: "11", Alert: "9", AlertFg: "15", Changed: "11", Match: "11", Shingle: "13",
	Citation: "14", CutMarker: "9",
}

// Mono has no colours at all: NO_COLOR=1 or --theme mono.
var Mono = Palette{Name: "mono"}

// All lists the themes in the order `t` cycles through them.
var All = []Palette{Dark, Light, HighContrast, Mono}

// ByName finds a theme; ok is false for an unknown name.
func ByName(name string) (Palette, bool) {
	for _, p := range All {
		if p.Name == name {
			return p, true
		}
	}
	return Palette{}, false
}

// Names lists the theme names.
func Names() []string {
	names := make([]string, len(All))
	for i, p := range All {
		names[i] = p.Name
	}
	return names
}

// Default picks the theme for this terminal: mono when NO_COLOR is set,
// else dark or light following the terminal's background.
func Default(noColor, darkBackground bool) Palette {
	switch {
	case noColor:
		return Mono
	case darkBackground:
		return Dark
	default:
		return Light
	}
}

// Next returns the theme after p in All, wrapping around.
func Next(p Palette) Palette {
	for i, q := range All {
		if q.Name == p.Name {
			return All[(i+1)%len(All)]
		}
	}
	return All[0]
}
