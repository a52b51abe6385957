package tokens

import (
	"context"
	"sync/atomic"
)

// longCountObserver, when set, hears how far each BPE count of a long
// text has got. `assemble` counts a request's parts (a 50 MB system
// prompt, tool description or tool result) through Count and CountJoined,
// deep inside the window's assembly, where no context or callback
// reaches; a count of tens of megabytes takes seconds, and the command
// sets an observer to draw its progress bar meanwhile. Process-wide, as
// a command is; the workbench sets none.
var longCountObserver atomic.Pointer[func(done, total int)]

// observedCountBytes is the length from which a count is observed: a
// shorter text is counted in well under a second.
const observedCountBytes = 1 << 20

// ObserveLongCounts has report called, from the counting goroutine, as
// each BPE count of a text of 1 MiB or more goes: done bytes of total,
// every 64 KiB or so (a piece of many megabytes included). It returns a
// function that stops the reports. report must be safe to call from
// several goroutines at once.
func ObserveLongCounts(report func(done, total int)) (stop func()) {
	longCountObserver.Store(&report)
	return func() { longCountObserver.CompareAndSwap(&report, nil) }
}

// countObserved is count, reported to the observer if one is set and
// text is long.
func (e *encoding) countObserved(text string) int {
	report := longCountObserver.Load()
	if report == nil || len(text) < observedCountBytes {
		return e.count(text)
	}
	n, _ := e.countContext(context.Background(), text, func(done int) { (*report)(done, len(text)) })
	(*report)(len(text), len(text))
	return n
}
