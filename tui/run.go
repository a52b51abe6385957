package tui

import (
	"os"

	"github.com/aymanbagabas/go-osc52/v2"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// Run opens the workbench on the terminal and returns when the user
// quits.
func Run(cfg Config) error {
	if cfg.Clipboard == nil {
		cfg.Clipboard = func(text string) error {
			_, err := osc52.New(text).WriteTo(os.Stderr)
			return err
		}
	}
	if cfg.Theme == "" {
		cfg.DarkBackground = lipgloss.HasDarkBackground()
	}
	opts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithMouseCellMotion()}
	if cfg.InputTTY {
		opts = append(opts, tea.WithInputTTY())
	}
	p := tea.NewProgram(New(cfg), opts...)
	_, err := p.Run()
	return err
}
