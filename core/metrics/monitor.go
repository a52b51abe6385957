package metrics

import (
	"encoding/json"
	"fmt"
	"io"
)

// UtilizationAlertThreshold is the article's alert level: a request above
// 90% of its max input raises an alert.
const UtilizationAlertThreshold = 0.9

// AlertFor returns the article's alert for a record, and whether there is
// one: `Context budget >90% for USE_CASE: N tokens` when the utilization is
// strictly above 90%.
func AlertFor(m ContextMetrics) (string, bool) {
	parts, ok := AlertParts(m)
	return parts[0] + parts[1] + parts[2], ok
}

// AlertParts is AlertFor's alert in three parts, the use case in the
// middle as m holds it, so a report can write the alert of a long use
// case (50 MB) without copying the use case into it.
func AlertParts(m ContextMetrics) ([3]string, bool) {
	if m.BudgetUtilization > UtilizationAlertThreshold {
		return [3]string{"Context budget >90% for ", m.UseCase, fmt.Sprintf(": %d tokens", m.TotalInputTokens)}, true
	}
	return [3]string{}, false
}

// Monitor is the article's ContextMonitor: it writes every record as one
// JSON line to its writer (the sink; the caller opens the file), keeps the
// alerts it raised, and counts truncations per component. It is not safe
// for concurrent use: record from one goroutine.
type Monitor struct {
	w io.Writer
	// OnAlert, when set, is called with every alert as it is raised.
	OnAlert func(alert string)
	// Alerts are the alerts raised so far, oldest first.
	Alerts []string
	// Truncations counts, per component name, the records that cut it.
	Truncations map[string]int
	// Records is the number of records seen.
	Records int
}

// NewMonitor returns a monitor writing to w; a nil w only counts.
func NewMonitor(w io.Writer) *Monitor {
	return &Monitor{w: w, Truncations: make(map[string]int)}
}

// Record writes m, then raises its alert and counts its truncations, as
// the article's record does. The alert and the counts happen even when the
// write fails, so a full disk does not hide an overflow; the write error
// is returned with the alert ("" when none).
func (mon *Monitor) Record(m ContextMetrics) (string, error) {
	var writeErr error
	if mon.w != nil {
		if m.TruncatedComponents == nil {
			m.TruncatedComponents = []string{} // the article writes [], never null
		}
		line, err := json.Marshal(m)
		if err == nil {
			_, err = mon.w.Write(append(line, '\n'))
		}
		if err != nil {
			writeErr = fmt.Errorf("writing metrics record %q: %w", m.RequestID, err)
		}
	}
	mon.Records++
	for _, c := range m.TruncatedComponents {
		if mon.Truncations == nil {
			mon.Truncations = make(map[string]int)
		}
		mon.Truncations[c]++
	}
	alert, ok := AlertFor(m)
	if ok {
		mon.Alerts = append(mon.Alerts, alert)
		if mon.OnAlert != nil {
			mon.OnAlert(alert)
		}
	}
	return alert, writeErr
}
