//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestSignalsRestoreTheTerminal closes the workbench with SIGHUP, SIGINT
// and SIGTERM: each must leave the alternate screen, turn mouse tracking
// off and show the cursor, and exit 128 + the signal's number. The pane
// runs a shell that prints the exit code and stays open, so the terminal's
// state after the exit can be read from tmux.
func TestSignalsRestoreTheTerminal(t *testing.T) {
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			s := startTmux(t, 120, 40, nil, "sample/support_chat.yaml; echo exit=$?; exec cat")
			s.waitFor("1 Documents", "dedup ◂")
			if state := s.terminalState(); state != "1 1 0" {
				t.Fatalf("while running: alternate screen, mouse, cursor = %q; want 1 1 0", state)
			}
			pid := s.childPID()
			if err := syscall.Kill(pid, sig); err != nil {
				t.Fatal(err)
			}
			want := fmt.Sprintf("exit=%d", 128+int(sig))
			s.waitFor(want)
			if state := s.terminalState(); state != "0 0 1" {
				t.Errorf("after %s: alternate screen, mouse, cursor = %q; want 0 0 1", sig, state)
			}
		})
	}
}

// TestASignalClosesAWorkbenchWhoseUpdateHangs: an update that never
// returns (the crash-test build's ! under CTXLAB_CRASHTEST=hang) keeps
// the program from leaving on its own; SIGTERM must still restore the
// terminal (screen, mouse, cursor, cooked mode) and exit 143. A view
// that took hours to wrap a 50 MB word once kept ctxlab running at full
// processor after its terminal had closed.
func TestASignalClosesAWorkbenchWhoseUpdateHangs(t *testing.T) {
	t.Parallel()
	bin := crashBin
	s := startShellTmux(t, 120, 40)
	s.typeLine("CTXLAB_CRASHTEST=hang " + bin + " sample/support_chat.yaml; echo exit=$?")
	s.waitFor("1 Documents", "dedup ◂", "? help")
	s.send("!")
	if err := syscall.Kill(s.childPID(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	s.waitFor("exit=143")
	if state := s.terminalState(); state != "0 0 1" {
		t.Errorf("after SIGTERM: alternate screen, mouse, cursor = %q; want 0 0 1", state)
	}
	s.typeLine("ttymode")
	s.waitFor("mode: cooked")
}

// terminalState is tmux's view of the pane: whether the alternate screen
// is on, whether any mouse tracking is on, whether the cursor is shown.
func (s *tmuxSession) terminalState() string {
	s.t.Helper()
	out, err := tmux("display", "-p", "-t", s.name, "#{alternate_on} #{mouse_any_flag} #{cursor_flag}").Output()
	if err != nil {
		s.t.Fatalf("tmux display: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// childPID is the ctxlab process: the child of the pane's shell.
func (s *tmuxSession) childPID() int {
	s.t.Helper()
	out, err := tmux("display", "-p", "-t", s.name, "#{pane_pid}").Output()
	if err != nil {
		s.t.Fatalf("tmux display: %v", err)
	}
	shell := strings.TrimSpace(string(out))
	children, err := os.ReadFile("/proc/" + shell + "/task/" + shell + "/children")
	if err != nil {
		s.t.Skipf("cannot list the shell's children: %v", err)
	}
	fields := strings.Fields(string(children))
	if len(fields) != 1 {
		s.t.Fatalf("the pane's shell has children %q; want the one ctxlab", fields)
	}
	pid, err := strconv.Atoi(fields[0])
	if err != nil {
		s.t.Fatal(err)
	}
	if exe, _ := os.Readlink("/proc/" + fields[0] + "/exe"); !strings.HasPrefix(filepath.Base(exe), "ctxlab") {
		s.t.Fatalf("the pane's child is %s, not ctxlab", exe)
	}
	return pid
}
