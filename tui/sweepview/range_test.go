package sweepview

import (
	"testing"

	"ctxlab/core/sweep"
)

// TestSeriesRangeSaysTheSpan: the bars stretch any span to full height,
// so the words beside them say how small it is.
func TestSeriesRangeSaysTheSpan(t *testing.T) {
	cases := []struct {
		series sweep.Series
		want   string
	}{
		{sweep.Series{Values: []float64{12, 12, 11}, Unit: "document", Units: "documents"}, "11 to 12, range: 1 document"},
		{sweep.Series{Values: []float64{1760, 1830}, Unit: "token", Units: "tokens"}, "1,760 to 1,830, range: 70 tokens"},
		{sweep.Series{Values: []float64{8.72, 9.17}}, "8.72 to 9.17"},
		{sweep.Series{Values: []float64{4, 4}, Unit: "duplicate", Units: "duplicates"}, "4 throughout"},
	}
	for _, c := range cases {
		if got := seriesRange(c.series); got != c.want {
			t.Errorf("seriesRange(%v) = %q, want %q", c.series.Values, got, c.want)
		}
	}
}
