package cli

import (
	"reflect"
	"testing"

	"ctxlab/core/metrics"
)

func TestRecentAlertsKeepsTheLatestInLogOrder(t *testing.T) {
	var records []metrics.ContextMetrics
	for i, u := range []float64{0.95, 0.2, 0.91, 1.5, 0.5, 0.99} {
		records = append(records, metrics.ContextMetrics{UseCase: "c", TotalInputTokens: i, BudgetUtilization: u})
	}
	got := recentAlerts(records, 2)
	want := []string{"Context budget >90% for c: 3 tokens", "Context budget >90% for c: 5 tokens"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("recentAlerts = %q, want %q", got, want)
	}
	if got := recentAlerts(records[1:2], 5); len(got) != 0 || got == nil {
		t.Errorf("no alert: %#v, want an empty list (JSON [])", got)
	}
}
