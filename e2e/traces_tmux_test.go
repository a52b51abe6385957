//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestWorkbenchTracePicker opens a traces file of two traces with
// --request and no --span-id: the picker at 80×24 without colour, a
// filter typed, a trace expanded, a span opened in the workbench, o back
// to the list, its trace opened at its last LLM span, and esc quitting.
func TestWorkbenchTracePicker(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 80, 24, []string{"NO_COLOR=1"}, "--request", "loaders/trace/testdata/openinference/traces.jsonl")
	s.waitFor("ctxlab · traces · loaders/trace/testdata/openinference/traces.jsonl", "start (UTC)", "file-agent", "204      204", "01c91249", "esc quit")
	s.send("8", "6", "8", "d")
	s.waitFor("filter: 868d", "1 of 2 traces", "esc clear filter")
	s.send("Escape")
	s.waitFor("filter: ▏type to filter")
	s.send("Enter")
	s.waitFor("└ d0e72f35d0eccf2d", "└ bc779477e426c81e", "enter open trajectory")
	s.send("Down")
	s.send("Down")
	s.waitFor("enter open request")
	s.send("Enter")
	s.waitFor("3 Context", "trace span bc779477e426c81e", "span bc779477e426c81e · O returns to the traces")
	s.send("O")
	s.waitFor("ctxlab · traces", "›   └ bc779477e426c81e")
	s.send("Up", "Up")
	s.waitFor("enter open trajectory")
	s.send("Enter")
	s.waitFor("7 Timeline", "2 LLM calls as turns")
	s.send("O")
	s.waitFor("ctxlab · traces")
	s.send("Escape")
	deadline := time.Now().Add(screenDeadline)
	for s.alive() && time.Now().Before(deadline) {
		if screen := s.capture(false); !strings.Contains(screen, "ctxlab · traces") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if screen := s.capture(false); s.alive() && strings.Contains(screen, "ctxlab · traces") {
		t.Fatalf("esc did not quit the picker:\n%s", screen)
	}
}
