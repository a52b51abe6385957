//go:build e2e

package e2e

import (
	"strings"
	"testing"
)

// TestPanicRestoresTheTerminal panics in Update, in View and in a
// command Bubble Tea runs on its own goroutine: each must leave the
// alternate screen, turn mouse tracking off, show the cursor and give
// the shell its cooked mode back, then print on the main screen one line
// saying ctxlab crashed, the panic and where it happened, and exit 2.
func TestPanicRestoresTheTerminal(t *testing.T) {
	t.Parallel()
	bin := crashBin
	for _, c := range []struct{ where, part string }{
		{"update", "Update"},
		{"view", "View"},
		{"command", "a background command"},
	} {
		t.Run(c.where, func(t *testing.T) {
			t.Parallel()
			// Tall, so the stack printed on the main screen stays in view.
			s := startShellTmux(t, 120, 100)
			s.typeLine("CTXLAB_CRASHTEST=" + c.where + " " + bin + " sample/support_chat.yaml; echo exit=$?")
			s.waitFor("1 Documents", "dedup ◂", "? help")
			if state := s.terminalState(); state != "1 1 0" {
				t.Fatalf("while running: alternate screen, mouse, cursor = %q; want 1 1 0", state)
			}
			s.send("!")
			screen := s.waitFor("exit=2")
			for _, want := range []string{
				"ctxlab crashed: a panic in " + c.part + ". This is a bug in ctxlab; please report it",
				"panic: ctxlab crash test: a panic in " + c.part,
				// Where: the stack starts at the function that panicked.
				"[running]:\nctxlab/tui.crashTest",
				"tui/crashtest_on.go:",
			} {
				if !strings.Contains(screen, want) {
					t.Errorf("the main screen lacks %q:\n%s", want, screen)
				}
			}
			if state := s.terminalState(); state != "0 0 1" {
				t.Errorf("after the panic: alternate screen, mouse, cursor = %q; want 0 0 1", state)
			}
			s.typeLine("ttymode")
			s.waitFor("mode: cooked")
		})
	}
}

// TestWorkerPanicRestoresTheTerminal panics in a goroutine the engine
// starts itself: a token-counting worker, during the recompute a change
// of tokenizer asks for. The worker's pool raises the panic again in the
// command that waits for it, so the workbench's guard gives the terminal
// back and the report names the worker's function, then where it was
// raised again.
func TestWorkerPanicRestoresTheTerminal(t *testing.T) {
	t.Parallel()
	bin := crashBin
	s := startShellTmux(t, 120, 100)
	s.typeLine("CTXLAB_CRASHTEST=worker " + bin + " sample/support_chat.yaml; echo exit=$?")
	s.waitFor("1 Documents", "dedup ◂", "? help")
	if state := s.terminalState(); state != "1 1 0" {
		t.Fatalf("while running: alternate screen, mouse, cursor = %q; want 1 1 0", state)
	}
	s.send(":")
	s.send("-l", "tokenizer")
	s.send("Enter")
	s.waitFor("tokenizer ◂o200k_base▸")
	// Armed now, with the counts of the first picture made: the next
	// count is cl100k_base's, which the recompute for Left starts.
	s.send("!")
	s.send("Left")
	screen := s.waitFor("exit=2")
	for _, want := range []string{
		"ctxlab crashed: a panic in a worker goroutine of a background command. This is a bug in ctxlab; please report it",
		"panic: ctxlab crash test: a panic in an engine worker",
		// Where: the worker's stack, from the function that panicked to
		// the worker's function and the pool that started it.
		"[running]:\nctxlab/core/pipeline.crashTestWorker(",
		"\nctxlab/core/pipeline.(*Analysis).countTokens.func1()\n",
		"created by ctxlab/core/pipeline.(*Analysis).countTokens in goroutine",
		// Then the command's, which raised it again.
		"raised again in the goroutine that waited for the worker:",
		"ctxlab/tui.(*Model).evaluationCmd.func1()",
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("the main screen lacks %q:\n%s", want, screen)
		}
	}
	if state := s.terminalState(); state != "0 0 1" {
		t.Errorf("after the panic: alternate screen, mouse, cursor = %q; want 0 0 1", state)
	}
	s.typeLine("ttymode")
	s.waitFor("mode: cooked")
}
