package numfmt

import (
	"math"
	"reflect"
	"testing"
)

func TestDollarColumnSameDecimals(t *testing.T) {
	got := DollarColumn([]float64{0.20341, 0.29, 0.33079, 0})
	want := []string{"$0.203", "$0.290", "$0.331", "$0"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("DollarColumn = %q, want %q", got, want)
	}
	got = DollarColumn([]float64{203.41, 289.5, 1234.5, math.NaN()})
	want = []string{"$203.41", "$289.50", "$1,234.50", "unknown"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("DollarColumn = %q, want %q", got, want)
	}
}
