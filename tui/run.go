package tui

import (
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"ctxlab/tui/term"
)

// Run opens the workbench on the terminal and returns when the user
// quits.
func Run(cfg Config) error {
	if cfg.Clipboard == nil {
		cfg.Clipboard = terminalClipboard()
	}
	// The caller has checked that stdout is a terminal. termenv would
	// still treat it as a pipe when CI is set (a shell inside a CI job, a
	// dev container) and draw every theme without colour; NO_COLOR and
	// CLICOLOR_FORCE keep their meaning.
	lipgloss.SetDefaultRenderer(lipgloss.NewRenderer(os.Stdout, termenv.WithTTY(true)))
	// The background decides the default theme, and whether a theme
	// chosen for the other kind of background paints its own.
	if !cfg.NoColor {
		cfg.DarkBackground = lipgloss.HasDarkBackground()
	}
	opts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithoutSignalHandler()}
	if cfg.InputTTY {
		opts = append(opts, tea.WithInputTTY())
	}
	return term.Run(New(cfg), opts...)
}

// SignalError ends a workbench that a signal closed (term.SignalError).
type SignalError = term.SignalError

// CrashError ends a workbench that panicked (term.CrashError).
type CrashError = term.CrashError
