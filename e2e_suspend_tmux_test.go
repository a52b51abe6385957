package main

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
	s := startShellTmux(t, 120, 40)
	s.typeLine(ctxlabBin + " sample/scenarios/support_chat.yaml")
	s.waitFor("1 Documents", "dedup ◂", "? help")
	if state := s.terminalState(); state != "1 1 0" {
		t.Fatalf("while running: alternate screen, mouse, cursor = %q; want 1 1 0", state)
	}

	s.send("C-z")
	s.waitUntil("the stopped job and the prompt", func(screen string) bool {
		return strings.Contains(screen, "Stopped") && lastLine(screen) == strings.TrimSpace(shellPrompt)
	})
	if state := s.terminalState(); state != "0 0 1" {
		t.Errorf("suspended: alternate screen, mouse, cursor = %q; want 0 0 1", state)
	}
	s.typeLine("ttymode")
	s.waitFor("mode: cooked")

	s.typeLine("fg")
	s.waitFor("1 Documents", "dedup ◂", "? help", "Window")
	s.waitUntil("mouse tracking on again", func(string) bool { return s.terminalState() == "1 1 0" })
	// The workbench takes keys again.
	s.send("2")
	s.waitFor("2 Ordering")

	s.send("q")
	s.waitUntil("the prompt after q", func(screen string) bool { return lastLine(screen) == strings.TrimSpace(shellPrompt) })
	if state := s.terminalState(); state != "0 0 1" {
		t.Errorf("after q: alternate screen, mouse, cursor = %q; want 0 0 1", state)
	}
	s.typeLine("ttymode")
	s.waitFor("mode: cooked")
}

// TestOutsideStopSignalSuspends: a SIGTSTP sent from outside (kill -TSTP
// from another shell) suspends the workbench as Ctrl-Z does, with the
// terminal given back; fg brings it back, and Ctrl-Z still works after.
func TestOutsideStopSignalSuspends(t *testing.T) {
	t.Parallel()
	s := startShellTmux(t, 120, 40)
	s.typeLine(ctxlabBin + " sample/scenarios/support_chat.yaml")
	s.waitFor("1 Documents", "dedup ◂", "? help")
	if err := syscall.Kill(s.childPID(), syscall.SIGTSTP); err != nil {
		t.Fatal(err)
	}
	stopped := func(screen string) bool {
		return strings.Contains(screen, "Stopped") && lastLine(screen) == strings.TrimSpace(shellPrompt)
	}
	s.waitUntil("the stopped job and the prompt", stopped)
	if state := s.terminalState(); state != "0 0 1" {
		t.Errorf("stopped from outside: alternate screen, mouse, cursor = %q; want 0 0 1", state)
	}
	s.typeLine("ttymode")
	s.waitFor("mode: cooked")

	s.typeLine("clear; fg")
	s.waitFor("1 Documents", "dedup ◂", "? help", "Window")
	s.waitUntil("mouse tracking on again", func(string) bool { return s.terminalState() == "1 1 0" })
	s.send("2")
	s.waitFor("2 Ordering")

	// The catch is set again after fg, and Ctrl-Z's own stop still stops.
	s.send("C-z")
	s.waitUntil("the stopped job and the prompt after Ctrl-Z", stopped)
	s.typeLine("clear; fg")
	s.waitFor("2 Ordering")
	if err := syscall.Kill(s.childPID(), syscall.SIGTSTP); err != nil {
		t.Fatal(err)
	}
	s.waitUntil("the stopped job after a second outside stop", stopped)
	if state := s.terminalState(); state != "0 0 1" {
		t.Errorf("stopped from outside again: alternate screen, mouse, cursor = %q; want 0 0 1", state)
	}
	s.typeLine("clear; fg")
	s.waitFor("2 Ordering")
	s.send("q")
	s.waitUntil("the prompt after q", func(screen string) bool { return lastLine(screen) == strings.TrimSpace(shellPrompt) })
	if state := s.terminalState(); state != "0 0 1" {
		t.Errorf("after q: alternate screen, mouse, cursor = %q; want 0 0 1", state)
	}
}
