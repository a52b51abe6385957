//go:build e2e

package e2e

import (
	"strings"
	"syscall"
	"testing"
)

// TestCtrlZSuspendsAndFgResumes: Ctrl-Z in the workbench gives the shell
// a sane terminal (main screen, cursor shown, mouse tracking off, cooked
// mode) and the job-stopped line; fg brings the workbench back drawn
// whole, mouse tracking on again; q then leaves the terminal as it found
// it.
func TestCtrlZSuspendsAndFgResumes(t *testing.T) {
	t.Parallel()
	s := startSuspendableWorkbench(t)

	s.send("C-z")
	s.expectStoppedWithTerminalGivenBack("after Ctrl-Z")
	// clear, so the checks after q read what q leaves, not this stop's.
	s.typeLine("clear; fg")
	s.waitFor("1 Documents", "dedup ◂", "? help", "Window")
	s.expectMouseAgainAndKeysTaken()
	s.quitToPrompt()
}

// TestOutsideStopSignalSuspends: a SIGTSTP sent from outside (kill -TSTP
// from another shell) suspends the workbench as Ctrl-Z does, with the
// terminal given back; fg brings it back, and Ctrl-Z still works after.
func TestOutsideStopSignalSuspends(t *testing.T) {
	t.Parallel()
	s := startSuspendableWorkbench(t)
	stopFromOutside := func() {
		if err := syscall.Kill(s.childPID(), syscall.SIGTSTP); err != nil {
			t.Fatal(err)
		}
	}

	stopFromOutside()
	s.expectStoppedWithTerminalGivenBack("after an outside SIGTSTP")
	s.typeLine("clear; fg")
	s.waitFor("1 Documents", "dedup ◂", "? help", "Window")
	s.expectMouseAgainAndKeysTaken()

	// The catch stays set after fg, and Ctrl-Z's own stop still stops.
	s.send("C-z")
	s.expectStoppedWithTerminalGivenBack("after Ctrl-Z that follows")
	s.typeLine("clear; fg")
	s.waitFor("2 Ordering")
	stopFromOutside()
	s.expectStoppedWithTerminalGivenBack("after a second outside SIGTSTP")
	s.typeLine("clear; fg")
	s.waitFor("2 Ordering")
	s.quitToPrompt()
}

// startSuspendableWorkbench opens the sample in a shell with job control
// and checks the workbench holds the terminal.
func startSuspendableWorkbench(t *testing.T) *tmuxSession {
	t.Helper()
	s := startShellTmux(t, 120, 40)
	s.typeLine(ctxlabBin + " sample/support_chat.yaml")
	s.waitFor("1 Documents", "dedup ◂", "? help")
	if state := s.terminalState(); state != "1 1 0" {
		t.Fatalf("while running: alternate screen, mouse, cursor = %q; want 1 1 0", state)
	}
	return s
}

// expectStoppedWithTerminalGivenBack waits for the shell's stopped-job
// line and prompt, then checks the terminal: main screen, mouse off,
// cursor shown, cooked mode.
func (s *tmuxSession) expectStoppedWithTerminalGivenBack(when string) {
	s.t.Helper()
	s.waitUntil("the stopped job and the prompt "+when, func(screen string) bool {
		return strings.Contains(screen, "Stopped") && lastLine(screen) == strings.TrimSpace(shellPrompt)
	})
	if state := s.terminalState(); state != "0 0 1" {
		s.t.Errorf("stopped %s: alternate screen, mouse, cursor = %q; want 0 0 1", when, state)
	}
	s.typeLine("ttymode")
	s.waitFor("mode: cooked")
}

// expectMouseAgainAndKeysTaken: after fg, mouse tracking is on again and
// the workbench takes keys.
func (s *tmuxSession) expectMouseAgainAndKeysTaken() {
	s.t.Helper()
	s.waitUntil("mouse tracking on again", func(string) bool { return s.terminalState() == "1 1 0" })
	s.send("2")
	s.waitFor("2 Ordering")
}

// quitToPrompt quits with q and checks the terminal is left as found.
func (s *tmuxSession) quitToPrompt() {
	s.t.Helper()
	s.send("q")
	s.waitUntil("the prompt after q", func(screen string) bool { return lastLine(screen) == strings.TrimSpace(shellPrompt) })
	if state := s.terminalState(); state != "0 0 1" {
		s.t.Errorf("after q: alternate screen, mouse, cursor = %q; want 0 0 1", state)
	}
	s.typeLine("ttymode")
	s.waitFor("mode: cooked")
}
