package request

import (
	"errors"
	"strings"
	"testing"

	"ctxlab/core/window"
)

// A request whose max_tokens fills the window opens: the reserve is the
// overflow's cause, told by the evaluation, and a note says where it
// came from.
func TestRequestReserveFillingTheWindowOpens(t *testing.T) {
	sc, err := Parse("request.json", []byte(`{"model": "gpt-4", "max_tokens": 8192, "messages": [{"role": "user", "content": "q"}]}`), Options{})
	if err != nil {
		t.Fatalf("refused: %v", err)
	}
	var reserve *window.ReserveOverflowError
	if err := sc.Settings.Budget.Validate(); !errors.As(err, &reserve) {
		t.Errorf("budget = %+v: %v, want the reserve to leave no room", sc.Settings.Budget, err)
	}
	if !strings.Contains(strings.Join(sc.Notes, "\n"), "the response reserve is the request's max_tokens of 8,192") {
		t.Errorf("notes %q do not say where the reserve came from", sc.Notes)
	}
	small, err := Parse("request.json", []byte(`{"model": "gpt-4o", "messages": [{"role": "user", "content": "q"}]}`), Options{Window: 1_500})
	if err != nil || small.Settings.Budget.TotalWindow != 1_500 || small.Settings.Budget.ResponseReserve != 4_096 {
		t.Fatalf("--window 1500: %v, budget %+v", err, small)
	}
}
