package metrics

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func monitorRecord(useCase string, total int, utilization float64, truncated ...string) ContextMetrics {
	return ContextMetrics{
		RequestID: "r-" + useCase, UseCase: useCase, TotalInputTokens: total,
		BudgetUtilization: utilization, TruncatedComponents: truncated, Timestamp: "2025-01-02T03:04:05Z",
	}
}

func TestAlertFor(t *testing.T) {
	cases := []struct {
		name        string
		utilization float64
		want        string
	}{
		{"below", 0.5, ""},
		{"exactly 90% is no alert", 0.9, ""},
		{"just above", 0.9000001, "Context budget >90% for support_chat: 113400 tokens"},
		{"overflow", 1.2, "Context budget >90% for support_chat: 113400 tokens"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := AlertFor(monitorRecord("support_chat", 113_400, c.utilization))
			if got != c.want || ok != (c.want != "") {
				t.Errorf("AlertFor = %q, %v; want %q", got, ok, c.want)
			}
		})
	}
}

func TestMonitorRecord(t *testing.T) {
	var buf bytes.Buffer
	mon := NewMonitor(&buf)
	var called []string
	mon.OnAlert = func(a string) { called = append(called, a) }

	records := []ContextMetrics{
		monitorRecord("support_chat", 1000, 0.1),
		monitorRecord("agent_workflow", 120_000, 0.96, "history", "tool_results"),
		monitorRecord("agent_workflow", 60_000, 0.48, "history"),
	}
	records[0].TruncatedComponents = nil
	var alerts []string
	for _, r := range records {
		alert, err := mon.Record(r)
		if err != nil {
			t.Fatal(err)
		}
		alerts = append(alerts, alert)
	}
	wantAlert := "Context budget >90% for agent_workflow: 120000 tokens"
	if !reflect.DeepEqual(alerts, []string{"", wantAlert, ""}) {
		t.Errorf("alerts returned %q", alerts)
	}
	if !reflect.DeepEqual(mon.Alerts, []string{wantAlert}) || !reflect.DeepEqual(called, mon.Alerts) {
		t.Errorf("Alerts %q, callback %q", mon.Alerts, called)
	}
	if !reflect.DeepEqual(mon.Truncations, map[string]int{"history": 2, "tool_results": 1}) || mon.Records != 3 {
		t.Errorf("truncations %v records %d", mon.Truncations, mon.Records)
	}

	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines written:\n%s", len(lines), buf.String())
	}
	want0 := `{"request_id":"r-support_chat","use_case":"support_chat","total_input_tokens":1000,"system_tokens":0,` +
		`"history_tokens":0,"rag_tokens":0,"tool_tokens":0,"query_tokens":0,"budget_utilization":0.1,` +
		`"truncated_components":[],"timestamp":"2025-01-02T03:04:05Z"}`
	if lines[0] != want0 {
		t.Errorf("line 1:\n got %s\nwant %s", lines[0], want0)
	}
	for i, line := range lines {
		got, err := ParseLine([]byte(line))
		if err != nil {
			t.Fatalf("line %d does not parse back: %v", i+1, err)
		}
		want := records[i]
		if want.TruncatedComponents == nil {
			want.TruncatedComponents = []string{}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("line %d round trip:\n got %+v\nwant %+v", i+1, got, want)
		}
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestMonitorWriteFailureStillAlerts(t *testing.T) {
	mon := NewMonitor(failingWriter{})
	alert, err := mon.Record(monitorRecord("document_qa", 9, 0.95, "rag"))
	if err == nil || err.Error() != `writing metrics record "r-document_qa": disk full` {
		t.Errorf("error = %v", err)
	}
	if alert == "" || len(mon.Alerts) != 1 || mon.Truncations["rag"] != 1 {
		t.Errorf("alert %q, alerts %v, truncations %v", alert, mon.Alerts, mon.Truncations)
	}
	counting := NewMonitor(nil)
	if _, err := counting.Record(monitorRecord("x", 1, 0.1)); err != nil || counting.Records != 1 {
		t.Errorf("nil writer: %v, %d", err, counting.Records)
	}
	var zero Monitor
	if _, err := zero.Record(monitorRecord("x", 1, 0.1, "rag")); err != nil || zero.Truncations["rag"] != 1 {
		t.Errorf("zero Monitor: %v %v", err, zero.Truncations)
	}
}
