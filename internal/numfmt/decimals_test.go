package numfmt

import "testing"

func TestDecimalsShowTheOrder(t *testing.T) {
	tests := []struct {
		values []float64
		want   int
	}{
		{nil, 2},
		{[]float64{0.91, 0.5, 0.91}, 2},       // equal values need no more
		{[]float64{0.99999, 0.99998, 0.5}, 5}, // 1.00 twice at 2 decimals
		{[]float64{0.123, 0.124}, 3},
		{[]float64{0.1234567, 0.1234568}, 5},       // capped
		{[]float64{12.3456, 12.3457, 0.1, 3.2}, 4}, // BM25-sized scores too
	}
	for _, tt := range tests {
		if got := Decimals(tt.values, 2, 5); got != tt.want {
			t.Errorf("Decimals(%v) = %d, want %d", tt.values, got, tt.want)
		}
	}
}
