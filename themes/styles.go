package themes

import "github.com/charmbracelet/lipgloss"

// Styles are every style the workbench draws with, built once per theme.
type Styles struct {
	Palette Palette
	// Mono is the theme without colour: NO_COLOR=1 or --theme mono.
	// Under NO_COLOR lipgloss renders with the ASCII profile, which drops
	// every attribute as well as every colour: bold, faint, underline,
	// reverse and strikethrough all vanish. So in mono nothing may be told
	// by style alone: every pane must carry its meaning in glyphs and text
	// (fate glyphs, a cursor mark on the selected row, control and stage,
	// a removed duplicate's source led by "(dup)", rules under titles). The styles below still set attributes for --theme mono on
	// a terminal that shows them, as a bonus, never as the only cue.
	Mono bool

	Text, Muted, Faint, Bold, Accent lipgloss.Style
	Header, HeaderAccent             lipgloss.Style
	Pane, PaneFocused                lipgloss.Style // bordered boxes
	PaneTitle, PaneTitleFocused      lipgloss.Style
	Selected                         lipgloss.Style // the cursor row
	TableHeader                      lipgloss.Style

	Included, Partial, Summarized, Excluded, Duplicate, Filtered lipgloss.Style
	Struck                                                       lipgloss.Style

	Component map[string]lipgloss.Style // bar fill by component name
	Free      lipgloss.Style

	Warn, Alert, Changed, Match, Shingle, Citation, CutMarker lipgloss.Style
	Role                                                      lipgloss.Style

	HelpKey, HelpDesc, HelpSep lipgloss.Style
	ControlLabel, ControlValue lipgloss.Style
	ControlFocused             lipgloss.Style
}

// Component names as the budget view keys them.
const (
	CompSystem      = "system"
	CompTools       = "tools"
	CompHistory     = "history"
	CompRAG         = "rag"
	CompToolResults = "tool_results"
	CompQuery       = "query"
	CompFraming     = "framing"
	CompReserve     = "reserve"
)

// New builds the Styles for a palette.
func New(p Palette) *Styles {
	mono := p.Name == Mono.Name
	// rev: the header, the selection and the focused control are reverse
	// video rather than coloured (high contrast and mono).
	rev := mono || p.ReverseVideo
	fg := func(c lipgloss.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	border := lipgloss.RoundedBorder()
	s := &Styles{
		Palette: p,
		Mono:    mono,
		Text:    fg(p.Text),
		Muted:   fg(p.Muted),
		Faint:   fg(p.Faint).Faint(mono),
		Bold:    fg(p.Text).Bold(true),
		Accent:  fg(p.Accent).Bold(true),

		Header:       lipgloss.NewStyle().Foreground(p.HeaderFg).Background(p.HeaderBg).Bold(true).Reverse(rev),
		HeaderAccent: lipgloss.NewStyle().Foreground(p.HeaderFg).Background(p.HeaderBg).Reverse(rev),

		Pane:             lipgloss.NewStyle().Border(border).BorderForeground(p.Border),
		PaneFocused:      lipgloss.NewStyle().Border(lipgloss.ThickBorder()).BorderForeground(p.BorderFocus),
		PaneTitle:        fg(p.Muted).Bold(true),
		PaneTitleFocused: fg(p.Accent).Bold(true).Underline(mono),
		Selected:         lipgloss.NewStyle().Foreground(p.SelectedFg).Background(p.SelectedBg).Reverse(rev),
		TableHeader:      fg(p.Muted).Bold(true),

		Included:   fg(p.Included),
		Partial:    fg(p.Partial),
		Summarized: fg(p.Summarized),
		Excluded:   fg(p.Excluded),
		Duplicate:  fg(p.Duplicate).Strikethrough(true),
		// Filtered text is a readable grey, not grey made fainter still:
		// the faint attribute only in mono, where there is no grey.
		Filtered: fg(p.Filtered).Faint(mono),
		Struck:   lipgloss.NewStyle().Strikethrough(true),

		Component: map[string]lipgloss.Style{
			CompSystem: fg(p.System), CompTools: fg(p.Tools), CompHistory: fg(p.History), CompRAG: fg(p.RAG),
			CompToolResults: fg(p.ToolResults), CompQuery: fg(p.Query), CompFraming: fg(p.Framing), CompReserve: fg(p.Reserve),
		},
		Free: fg(p.Free),

		Warn:      fg(p.Warn).Bold(true),
		Alert:     lipgloss.NewStyle().Foreground(p.AlertFg).Background(p.Alert).Bold(true).Reverse(mono),
		Changed:   lipgloss.NewStyle().Foreground(p.Changed).Bold(true).Underline(mono),
		Match:     fg(p.Match).Bold(true).Underline(true),
		Shingle:   fg(p.Shingle).Underline(true),
		Citation:  fg(p.Citation).Bold(true),
		CutMarker: fg(p.CutMarker).Bold(true).Reverse(mono),
		Role:      fg(p.Accent).Bold(true),

		HelpKey:  fg(p.Accent).Bold(true),
		HelpDesc: fg(p.Muted),
		HelpSep:  fg(p.Faint),

		ControlLabel:   fg(p.Muted),
		ControlValue:   fg(p.Text).Bold(true),
		ControlFocused: lipgloss.NewStyle().Foreground(p.SelectedFg).Background(p.SelectedBg).Bold(true).Reverse(rev),
	}
	return s
}
