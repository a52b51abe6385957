package workerpanic_test

import (
	"errors"
	"runtime"
	"strings"
	"sync"
	"testing"

	"ctxlab/internal/workerpanic"
	"ctxlab/internal/workerpanic/panictest"
)

// poolOf runs work on n workers and waits for them, raising a worker's
// panic again: the pattern every pool follows.
func poolOf(n int, work func(w int)) {
	var relay workerpanic.Relay
	var wg sync.WaitGroup
	for w := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer relay.Catch()
			work(w)
		}()
	}
	wg.Wait()
	relay.Raise()
}

// explode is a named function for the stack to show.
func explode() { panic("boom in a worker") }

// TestRaiseCarriesTheWorkersValueAndStack: one of four workers panics;
// the waiter raises its value, with a stack that starts at the function
// that panicked and says which pool started it.
func TestRaiseCarriesTheWorkersValueAndStack(t *testing.T) {
	t.Parallel()
	panictest.Expect(t, "boom in a worker", "ctxlab/internal/workerpanic_test.explode", func() {
		poolOf(4, func(w int) {
			if w == 2 {
				explode()
			}
		})
	})
	panictest.Expect(t, "boom in a worker", "ctxlab/internal/workerpanic_test.poolOf.func1", func() {
		poolOf(1, func(int) { explode() })
	})
}

// TestRaiseWithoutPanicDoesNothing: workers that finish leave nothing to
// raise, and Failed stays open.
func TestRaiseWithoutPanicDoesNothing(t *testing.T) {
	t.Parallel()
	ran := make([]bool, 3)
	poolOf(3, func(w int) { ran[w] = true })
	for w, r := range ran {
		if !r {
			t.Errorf("worker %d did not run", w)
		}
	}
	var relay workerpanic.Relay
	relay.Raise()
	select {
	case <-relay.Failed():
		t.Error("Failed is closed without a panic")
	default:
	}
}

// TestFirstPanicIsKept: every worker panics; the first kept is raised,
// once, and Failed is closed.
func TestFirstPanicIsKept(t *testing.T) {
	t.Parallel()
	var relay workerpanic.Relay
	failed := relay.Failed() // asked for before any panic
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer relay.Catch()
			explode()
		}()
	}
	wg.Wait()
	<-failed
	<-relay.Failed()
	panictest.Expect(t, "boom in a worker", "ctxlab/internal/workerpanic_test.explode", relay.Raise)
}

// TestNestedPoolKeepsTheInnerStack: a worker that waits for workers of its
// own passes their panic on unchanged, so the stack still names the
// innermost worker.
func TestNestedPoolKeepsTheInnerStack(t *testing.T) {
	t.Parallel()
	var raised any
	func() {
		defer func() { raised = recover() }()
		poolOf(2, func(outer int) {
			poolOf(2, func(inner int) {
				if outer == 1 && inner == 1 {
					explode()
				}
			})
		})
	}()
	p, ok := raised.(*workerpanic.Panic)
	if !ok {
		t.Fatalf("raised %T %v", raised, raised)
	}
	if _, nested := p.Value.(*workerpanic.Panic); nested || p.Value != "boom in a worker" {
		t.Errorf("the value was wrapped again: %#v", p.Value)
	}
	if !strings.Contains(p.Stack, "workerpanic_test.explode(") {
		t.Errorf("the inner worker's stack was lost:\n%s", p.Stack)
	}
}

// TestRuntimeErrorIsFoundByErrorsAs: a worker's runtime error stays one
// for a caller that recovers the raised panic and looks for it.
func TestRuntimeErrorIsFoundByErrorsAs(t *testing.T) {
	t.Parallel()
	var raised any
	func() {
		defer func() { raised = recover() }()
		poolOf(2, func(w int) {
			var none []int
			_ = none[w+5]
		})
	}()
	err, ok := raised.(error)
	var runtimeErr runtime.Error
	if !ok || !errors.As(err, &runtimeErr) || !strings.Contains(runtimeErr.Error(), "index out of range") {
		t.Errorf("raised %T %v; want a runtime error inside", raised, raised)
	}
}

// TestFromPanicStartsAtThePanickingFunction: the recovery's frames are
// cut, and a stack without a panic frame is kept whole.
func TestFromPanicStartsAtThePanickingFunction(t *testing.T) {
	t.Parallel()
	stack := "goroutine 7 [running]:\nruntime/debug.Stack()\n\t/go/debug/stack.go:26 +0x5e\n" +
		"ctxlab/internal/workerpanic.(*Relay).Catch(0xc000010000)\n\t/w/relay.go:70 +0x45\n" +
		"panic({0x4a1b20?, 0x52c0f0?})\n\t/go/runtime/panic.go:792 +0x132\n" +
		"ctxlab/core/pipeline.forEachBlock.func1()\n\t/w/parallel.go:44 +0x20\n"
	want := "goroutine 7 [running]:\nctxlab/core/pipeline.forEachBlock.func1()\n\t/w/parallel.go:44 +0x20\n"
	if got := workerpanic.FromPanic(stack); got != want {
		t.Errorf("FromPanic:\n%s\nwant:\n%s", got, want)
	}
	plain := "goroutine 1 [running]:\nmain.main()\n"
	if got := workerpanic.FromPanic(plain); got != plain {
		t.Errorf("a stack without a panic frame changed:\n%s", got)
	}
}
