package term

import (
	"strings"
	"sync"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/internal/workerpanic"
)

// panicky panics in the part its field names.
type panicky struct{ in string }

func (p panicky) Init() tea.Cmd { return nil }

func (p panicky) Update(tea.Msg) (tea.Model, tea.Cmd) {
	switch p.in {
	case "Update":
		panic("boom in Update")
	case "batch":
		return p, tea.Batch(func() tea.Msg { return nil }, func() tea.Msg { panic("boom in a batch") })
	}
	return p, nil
}

func (p panicky) View() string {
	if p.in == "View" {
		panic("boom in View")
	}
	return "fine"
}

// TestCrashGuardRecordsThePanicAndKills: a panic in Update, in View or
// in a command of a batch is recovered, recorded with where it happened
// and its value, and kills the program once.
func TestCrashGuardRecordsThePanicAndKills(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, where, value string }{
		{"Update", "Update", "boom in Update"},
		{"View", "View", "boom in View"},
		{"batch", "a background command", "boom in a batch"},
	} {
		kills := 0
		record := &crashRecord{kill: func() { kills++ }}
		g := crashGuard{inner: panicky{in: c.in}, record: record}
		_, cmd := g.Update(nil)
		_ = g.View()
		// Run the batch as Bubble Tea does: each of its commands.
		if cmd != nil {
			if batch, ok := cmd().(tea.BatchMsg); ok {
				for _, inner := range batch {
					inner()
				}
			}
		}
		crash := record.result()
		if crash == nil {
			t.Errorf("%s: no crash recorded", c.in)
			continue
		}
		if crash.Where != c.where || crash.Value != c.value || kills != 1 {
			t.Errorf("%s: recorded %q %q, %d kills", c.in, crash.Where, crash.Value, kills)
		}
		if !strings.Contains(strings.SplitN(crash.Stack, "\n", 3)[1], "panicky") {
			t.Errorf("%s: the stack does not start at the panicking function:\n%s", c.in, crash.Stack)
		}
		report := crash.Report()
		if !strings.HasPrefix(report, "ctxlab crashed: a panic in "+c.where+". This is a bug in ctxlab; please report it") ||
			!strings.Contains(report, "panic: "+c.value+"\n") {
			t.Errorf("%s: report:\n%s", c.in, report)
		}
	}
	// Nothing panics: nothing is recorded.
	record := &crashRecord{kill: func() { t.Error("killed without a panic") }}
	g := crashGuard{inner: panicky{}, record: record}
	g.Update(nil)
	if g.View() != "fine" || record.result() != nil {
		t.Error("a model that does not panic was treated as crashed")
	}
}

// TestCrashReportMakesTheValueInert: a panic value quoting input cannot
// act on the terminal.
func TestCrashReportMakesTheValueInert(t *testing.T) {
	t.Parallel()
	report := (&CrashError{Where: "Update", Value: "bad \x1b]0;title\x07 doc", Stack: "goroutine 1 [running]:\n"}).Report()
	if strings.ContainsAny(report, "\x1b\x07") {
		t.Errorf("raw controls in the report: %q", report)
	}
}

// workerBoom panics in a worker goroutine of a command; the command
// raises it again, as every engine pool does.
func workerBoom() tea.Msg {
	var relay workerpanic.Relay
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer relay.Catch()
		panic("boom in a worker")
	}()
	wg.Wait()
	relay.Raise()
	return nil
}

// TestCrashGuardNamesTheWorker: a command whose worker panicked is
// recorded as a panic in a worker goroutine, with the worker's value (not
// the relay's wrapping) and the worker's stack first, then the command's.
func TestCrashGuardNamesTheWorker(t *testing.T) {
	t.Parallel()
	record := &crashRecord{kill: func() {}}
	g := crashGuard{record: record}
	g.guardCmd(workerBoom)()
	crash := record.result()
	if crash == nil {
		t.Fatal("no crash recorded")
	}
	if crash.Where != "a worker goroutine of a background command" || crash.Value != "boom in a worker" {
		t.Errorf("recorded %q %q", crash.Where, crash.Value)
	}
	worker, waiter, ok := strings.Cut(crash.Stack, "\n\nraised again in the goroutine that waited for the worker:\n")
	if !ok || !strings.Contains(worker, "ctxlab/tui/term.workerBoom.func1(") || !strings.Contains(waiter, "ctxlab/tui/term.workerBoom(") {
		t.Errorf("the stack is not the worker's, then the waiter's:\n%s", crash.Stack)
	}
	if report := crash.Report(); !strings.HasPrefix(report, "ctxlab crashed: a panic in a worker goroutine of a background command. ") ||
		!strings.Contains(report, "panic: boom in a worker\n\ngoroutine ") {
		t.Errorf("report:\n%s", report)
	}
}
