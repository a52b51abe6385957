package term

import tea "github.com/charmbracelet/bubbletea"

// Ctrl-Z, and SIGTSTP from outside, hand the terminal back to the shell
// (stop_signal_unix.go says how): Bubble Tea leaves the alternate screen,
// turns mouse tracking off, shows the cursor and restores the terminal's
// mode before the process stops, and on fg enters the alternate screen
// again and redraws. It does not turn mouse
// tracking back on (Bubble Tea v1.3.10's RestoreTerminal omits it), so the
// workbench asks for it when it is resumed (Resumed): without it, clicks and the
// wheel would stop working after fg.
func Resumed() tea.Cmd {
	return tea.EnableMouseCellMotion
}
