package panictest

import (
	"fmt"
	"strings"
	"testing"

	"ctxlab/internal/workerpanic"
)

// Expect runs run, in which a worker panics, and fails t unless run
// itself panicked with a *workerpanic.Panic holding the worker's value
// (as %v prints it, starting with value: a runtime error's message ends
// in numbers a test need not spell) and a stack that starts in the worker and has a frame
// of function, named as Go's stacks name it
// ("ctxlab/core/pipeline.forEachBlock.func1"); the message Go prints for
// it must name the function too.
func Expect(t testing.TB, value, function string, run func()) {
	t.Helper()
	raised := func() (r any) {
		defer func() { r = recover() }()
		run()
		return nil
	}()
	p, ok := raised.(*workerpanic.Panic)
	if !ok {
		t.Fatalf("the caller raised %T %v; want the worker's panic as a *workerpanic.Panic", raised, raised)
	}
	if got := fmt.Sprint(p.Value); !strings.HasPrefix(got, value) {
		t.Errorf("raised value %q; want the worker's %q", got, value)
	}
	if !strings.Contains(p.Stack, "\n"+function+"(") {
		t.Errorf("the stack has no frame of %s:\n%s", function, p.Stack)
	}
	if first := strings.SplitN(p.Stack, "\n", 3); len(first) < 2 || strings.HasPrefix(first[1], "runtime/debug.") || strings.Contains(first[1], "workerpanic.") {
		t.Errorf("the stack does not start at the panicking function:\n%s", p.Stack)
	}
	if msg := p.Error(); !strings.HasPrefix(msg, fmt.Sprint(p.Value)+"\n\n") || !strings.Contains(msg, "\n"+function+"(") {
		t.Errorf("the message lacks the value or the worker's function:\n%s", msg)
	}
}
