//go:build e2e

package e2e

import (
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// TestQuitSignalRestoresTheTerminalBeforeTheDump sends SIGQUIT to the
// workbench from outside: the terminal must be given back (alternate
// screen left, mouse tracking off, cursor shown, cooked mode) before Go
// prints its goroutine dump, so the dump is on the main screen with every
// line starting at the left edge, not in a staircase on the alternate
// screen; the process then exits 2, as Go does on SIGQUIT.
func TestQuitSignalRestoresTheTerminalBeforeTheDump(t *testing.T) {
	t.Parallel()
	s := startShellTmux(t, 120, 40)
	s.typeLine(ctxlabBin + " sample/support_chat.yaml; echo exit=$?")
	s.waitFor("1 Documents", "dedup ◂", "? help")
	if state := s.terminalState(); state != "1 1 0" {
		t.Fatalf("while running: alternate screen, mouse, cursor = %q; want 1 1 0", state)
	}
	if err := syscall.Kill(s.childPID(), syscall.SIGQUIT); err != nil {
		t.Fatal(err)
	}
	s.waitFor("exit=2")
	if state := s.terminalState(); state != "0 0 1" {
		t.Errorf("after SIGQUIT: alternate screen, mouse, cursor = %q; want 0 0 1", state)
	}
	dump := s.history()
	staircase := regexp.MustCompile(`(?m)^[ \t]+(goroutine \d+ |SIGQUIT: quit)`)
	for _, want := range []*regexp.Regexp{regexp.MustCompile(`(?m)^SIGQUIT: quit$`), regexp.MustCompile(`(?m)^goroutine \d+ `)} {
		if !want.MatchString(dump) {
			t.Errorf("the main screen lacks a line matching %s:\n%s", want, dump)
		}
	}
	if line := staircase.FindString(dump); line != "" {
		t.Errorf("the dump is drawn in a staircase (%q): the terminal was still raw", line)
	}
	s.typeLine("ttymode")
	s.waitFor("mode: cooked")
}

// history is the pane's main screen with what has scrolled off it.
func (s *tmuxSession) history() string {
	s.t.Helper()
	out, err := tmux("capture-pane", "-p", "-J", "-S", "-", "-t", s.name).Output()
	if err != nil {
		s.t.Fatalf("tmux capture-pane: %v", err)
	}
	return strings.TrimRight(string(out), "\n")
}
