//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// shellPrompt is the prompt of the shell startShellTmux starts: a test
// waits for it to know the shell has the terminal again.
const shellPrompt = "ctxlab-test$ "

// shellRC is that shell's start-up file. ttymode says whether the
// terminal is in the cooked mode a shell leaves to the programs it runs
// (a workbench that left it raw turns icanon off); its output never
// appears in the command line typed to call it.
const shellRC = `PS1='` + shellPrompt + `'
ttymode() { if stty -a | grep -q -- '-icanon'; then echo "mode: raw"; else echo "mode: cooked"; fi; }
`

// startShellTmux runs an interactive bash without the user's start-up
// files in a tmux session, for the tests that need job control or the
// terminal's state after ctxlab exits; run types a command into it.
func startShellTmux(t *testing.T, width, height int) *tmuxSession {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("bash is not installed")
		}
		t.Skip("bash not installed")
	}
	rc := filepath.Join(t.TempDir(), "bashrc")
	if err := os.WriteFile(rc, []byte(shellRC), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startTmuxCommand(t, width, height, fmt.Sprintf("%s --noprofile --rcfile %s -i", bash, rc))
	s.waitFor(strings.TrimSpace(shellPrompt)) // tmux drops trailing blanks
	return s
}

// typeLine types a command line into the pane's shell and presses Enter.
func (s *tmuxSession) typeLine(line string) {
	s.t.Helper()
	s.send("-l", line)
	s.send("Enter")
}

// lastLine is the screen's last line that is not blank.
func lastLine(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n "), "\n")
	return lines[len(lines)-1]
}
