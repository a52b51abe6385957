package metrics

import (
	"reflect"
	"testing"
)

func TestReportMetrics(t *testing.T) {
	at := func(m ContextMetrics, ts string) ContextMetrics { m.Timestamp = ts; return m }
	records := []ContextMetrics{
		at(monitorRecord("support_chat", 1000, 0.10), "2025-01-02T03:00:00Z"),
		at(monitorRecord("support_chat", 2000, 0.50, "history"), "2025-01-01T00:00:00Z"),
		at(monitorRecord("support_chat", 3000, 0.80, "history", "rag"), "2025-01-03T00:00:00Z"),
		at(monitorRecord("agent_workflow", 4000, 0.95, "tool_results", "custom"), "2025-01-02T00:00:00Z"),
		at(monitorRecord("agent_workflow", 5000, 1.25, "history", "history"), "2025-01-02T01:00:00Z"),
	}
	r := Report(records)
	if r.Requests != 5 || r.Alerts != 2 || r.TruncatedRequests != 4 || r.TotalInputTokens != 15000 || r.MeanInputTokens != 3000 {
		t.Errorf("totals %+v", r)
	}
	if r.First != "2025-01-01T00:00:00Z" || r.Last != "2025-01-03T00:00:00Z" {
		t.Errorf("first %s last %s", r.First, r.Last)
	}
	u := r.Utilization
	// sorted: 0.10 0.50 0.80 0.95 1.25; nearest rank: p50 -> 3rd, p90 and p99 -> 5th.
	if u.P50 != 0.80 || u.P90 != 1.25 || u.P99 != 1.25 || u.Max != 1.25 || u.Mean != (0.10+0.50+0.80+0.95+1.25)/5 {
		t.Errorf("utilization %+v", u)
	}
	wantBuckets := []UtilizationBucket{{"<=50%", 2}, {"50-75%", 0}, {"75-90%", 1}, {"90-100%", 1}, {">100%", 1}}
	if !reflect.DeepEqual(u.Buckets, wantBuckets) {
		t.Errorf("buckets %v", u.Buckets)
	}
	wantTrunc := []ComponentCount{{"history", 3}, {"rag", 1}, {"tool_results", 1}, {"custom", 1}}
	if !reflect.DeepEqual(r.Truncations, wantTrunc) {
		t.Errorf("truncations %v", r.Truncations)
	}
	if len(r.UseCases) != 2 || r.UseCases[0].UseCase != "support_chat" || r.UseCases[1].UseCase != "agent_workflow" {
		t.Fatalf("use cases %+v", r.UseCases)
	}
	agent := r.UseCases[1]
	if agent.Requests != 2 || agent.Alerts != 2 || agent.MeanInputTokens != 4500 || agent.Utilization.P50 != 0.95 {
		t.Errorf("agent_workflow %+v", agent)
	}
}

func TestReportMetricsEmptyAndPercentiles(t *testing.T) {
	r := Report(nil)
	if r.Requests != 0 || len(r.Utilization.Buckets) != 5 || r.UseCases != nil || r.Truncations == nil {
		t.Errorf("empty report %+v", r)
	}
	cases := []struct {
		values []float64
		p      float64
		want   float64
	}{
		{[]float64{0.3}, 50, 0.3},
		{[]float64{0.1, 0.2}, 50, 0.1},
		{[]float64{0.1, 0.2}, 51, 0.2},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 90, 9},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 99, 10},
		{[]float64{1, 2, 3}, 0, 1},
	}
	for _, c := range cases {
		if got := nearestRank(c.values, c.p); got != c.want {
			t.Errorf("nearestRank(%v, %v) = %v, want %v", c.values, c.p, got, c.want)
		}
	}
}
