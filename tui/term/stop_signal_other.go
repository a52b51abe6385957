//go:build !unix

package term

import (
	"os"

	tea "github.com/charmbracelet/bubbletea"
)

// Without Unix job control there is no SIGTSTP to catch, and Bubble Tea's
// suspend does nothing.
func catchStopSignal() (<-chan os.Signal, func()) { return nil, func() {} }

// Suspend is Ctrl-Z's command.
func Suspend() tea.Msg { return tea.SuspendMsg{} }
