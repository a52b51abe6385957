package cli

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"ctxlab/core/metrics"
	"ctxlab/internal/safetext"
)

func TestRecentAlertsKeepsTheLatestInLogOrder(t *testing.T) {
	var records []metrics.ContextMetrics
	for i, u := range []float64{0.95, 0.2, 0.91, 1.5, 0.5, 0.99} {
		records = append(records, metrics.ContextMetrics{UseCase: "c", TotalInputTokens: i, BudgetUtilization: u})
	}
	var got []string
	for _, parts := range recentAlerts(records, 2) {
		got = append(got, parts[0]+parts[1]+parts[2])
	}
	want := []string{"Context budget >90% for c: 3 tokens", "Context budget >90% for c: 5 tokens"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("recentAlerts = %q, want %q", got, want)
	}
	if got := recentAlerts(records[1:2], 5); len(got) != 0 || got == nil {
		t.Errorf("no alert: %#v, want an empty list (JSON [])", got)
	}
}

// monitorOf is the monitor's output for one record of each use case,
// every other one above 90% (an alert).
func monitorOf(useCases ...string) monitorOutput {
	var records []metrics.ContextMetrics
	for i, uc := range useCases {
		records = append(records, metrics.ContextMetrics{UseCase: uc, TotalInputTokens: 100 * i, MaxInputTokens: 1000,
			BudgetUtilization: 0.5 + 0.45*float64(i%2), TruncatedComponents: []string{"rag"}, Timestamp: "2026-12-01T17:58:22Z"})
	}
	return monitorOutput{File: "m.jsonl", MonitorReport: metrics.Report(records), alerts: recentAlerts(records, recentAlertsShown)}
}

// withAlertTexts is r with RecentAlerts made whole, as the report held
// them before: what writeJSON wrote.
func withAlertTexts(r monitorOutput) monitorOutput {
	r.RecentAlerts = []string{}
	for _, parts := range r.alerts {
		r.RecentAlerts = append(r.RecentAlerts, parts[0]+parts[1]+parts[2])
	}
	return r
}

// TestMonitorJSONAsWritten: the JSON is the bytes writeJSON gives of the
// report itself (its alerts whole), for use cases that encoding/json or
// safetext.EscapeJSON escape and a long one.
func TestMonitorJSONAsWritten(t *testing.T) {
	out := monitorOf("support", "<a & b>", "bidi \u202e, CSI \u009b, line\u2028", "tab\tand \x1b[2J",
		strings.Repeat("long é 😀 \u202e ", 10_000), "")
	var want, got bytes.Buffer
	if err := writeJSON(&want, withAlertTexts(out)); err != nil {
		t.Fatal(err)
	}
	if err := writeMonitorJSON(&got, out); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("written:\n%.3000s\nwant\n%.3000s", got.String(), want.String())
	}
	if !strings.Contains(got.String(), `"Context budget \u003e90% for \u003ca \u0026 b\u003e: 100 tokens"`) {
		t.Errorf("no alert for the second use case in %.3000s", got.String())
	}
}

// TestMonitorAlertsAsLine: the text report writes each alert as
// safetext.Line made it whole.
func TestMonitorAlertsAsLine(t *testing.T) {
	out := monitorOf("a", "tab\tand \x1b[2J \u202e", "b", strings.Repeat("long\tcase é ", 10_000))
	var b bytes.Buffer
	if err := writeMonitorReport(&b, out); err != nil {
		t.Fatal(err)
	}
	for _, alert := range withAlertTexts(out).RecentAlerts {
		if !strings.Contains(b.String(), "\n  ▲ "+safetext.Line(alert)+"\n") {
			t.Errorf("alert %.200q not in the report", alert)
		}
	}
}
