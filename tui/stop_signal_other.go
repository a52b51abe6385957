//go:build !unix

package tui

import (
	"os"

	tea "github.com/charmbracelet/bubbletea"
)

// Without Unix job control there is no SIGTSTP to catch, and Bubble Tea's
// suspend does nothing.
func catchStopSignal() (<-chan os.Signal, func()) { return nil, func() {} }

func suspend() tea.Msg { return tea.SuspendMsg{} }
