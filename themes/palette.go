package themes

import "github.com/charmbracelet/lipgloss"

// Palette is a theme's colours by role. An empty colour means "no colour":
// the terminal's own foreground or background. The monochrome theme leaves
// them all empty and relies on glyphs; the high-contrast theme leaves the
// text colours empty so it reads on dark and light terminals alike.
type Palette struct {
	Name string

	// ReverseVideo draws the header bar, the selection and the focused
	// control in reverse video instead of with the Header and Selected
	// colours, which works on any terminal background.
	ReverseVideo bool

	Text, Muted, Faint, Accent, Border, BorderFocus lipgloss.Color
	SelectedBg, SelectedFg                          lipgloss.Color
	HeaderBg, HeaderFg                              lipgloss.Color

	Included, Partial, Summarized, Excluded, Duplicate, Filtered lipgloss.Color

	// Budget components, in the order the window bar draws them.
	System, Tools, History, RAG, ToolResults, Query, Framing, Reserve, Free lipgloss.Color

	Warn, Alert, AlertFg, Changed, Match, Shingle, Citation, CutMarker lipgloss.Color

	// Background is the background the palette was designed on, and
	// DarkBackground whether it is dark. The workbench paints it only
	// when the terminal's own background is of the other kind (a light
	// theme on a dark terminal), so a matching terminal keeps its colours.
	// Empty for themes that read on any background.
	Background     lipgloss.Color
	DarkBackground bool
}

// Dark suits a dark terminal background. Every text colour keeps at
// least 4.5:1 contrast on #1E1E1E, so faint and filtered text stays
// legible on a washed-out projector; the free part of a bar is quiet but
// visible.
var Dark = Palette{
	Name: "dark",
	Text: "#E4E4E7", Muted: "#A1A1AA", Faint: "#8B8B94", Accent: "#A78BFA",
	Border: "#52525B", BorderFocus: "#A78BFA",
	SelectedBg: "#312E81", SelectedFg: "#F5F3FF",
	HeaderBg: "#4C1D95", HeaderFg: "#F5F3FF",
	Included: "#4ADE80", Partial: "#FBBF24", Summarized: "#38BDF8", Excluded: "#F87171", Duplicate: "#F472B6", Filtered: "#8B8B94",
	System: "#A78BFA", Tools: "#F472B6", History: "#38BDF8", RAG: "#4ADE80", ToolResults: "#FBBF24", Query: "#F97316",
	Framing: "#94A3B8", Reserve: "#71717A", Free: "#3F3F46",
	Warn: "#FBBF24", Alert: "#DC2626", AlertFg: "#FFFFFF", Changed: "#FDE047", Match: "#FDE047", Shingle: "#F472B6",
	Citation: "#A78BFA", CutMarker: "#F87171",
	Background: "#1E1E1E", DarkBackground: true,
}

// Light suits a light terminal background. Every text colour keeps at
// least 4.5:1 contrast on white, faint and filtered text included, and
// the unfocused border 3:1.
var Light = Palette{
	Name: "light",
	Text: "#18181B", Muted: "#52525B", Faint: "#71717A", Accent: "#6D28D9",
	Border: "#8E8E96", BorderFocus: "#6D28D9",
	SelectedBg: "#EDE9FE", SelectedFg: "#1E1B4B",
	HeaderBg: "#6D28D9", HeaderFg: "#FFFFFF",
	Included: "#15803D", Partial: "#B45309", Summarized: "#0369A1", Excluded: "#B91C1C", Duplicate: "#BE185D", Filtered: "#71717A",
	System: "#7C3AED", Tools: "#DB2777", History: "#0284C7", RAG: "#16A34A", ToolResults: "#D97706", Query: "#EA580C",
	Framing: "#64748B", Reserve: "#A1A1AA", Free: "#BDBDC5",
	Warn: "#B45309", Alert: "#B91C1C", AlertFg: "#FFFFFF", Changed: "#A16207", Match: "#B45309", Shingle: "#BE185D",
	Citation: "#6D28D9", CutMarker: "#B91C1C",
	Background: "#FFFFFF",
}

// HighContrast works on dark and light terminals alike: text is the
// terminal's own foreground (emphasis is bold, not a brighter colour),
// the header, selection and focused control are reverse video, and fates
// and components use the six normal ANSI colours, which terminal themes
// tune to be legible on their own background (the bright ones, such as
// bright white or bright yellow, vanish on a light one).
var HighContrast = Palette{
	Name:         "high-contrast",
	ReverseVideo: true,
	Accent:       "5", BorderFocus: "5",
	Included: "2", Partial: "3", Summarized: "6", Excluded: "1", Duplicate: "5",
	System: "5", Tools: "1", History: "6", RAG: "2", ToolResults: "3", Query: "4",
	// Framing draws in the terminal's foreground; the reserve (█) and the
	// free part (░) in grey, told apart by their glyphs.
	Reserve: "8", Free: "8",
	Warn: "3", Alert: "1", AlertFg: "15", Changed: "3", Match: "3", Shingle: "5",
	Citation: "5", CutMarker: "1",
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
