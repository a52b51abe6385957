package sparkline

import "testing"

func TestBars(t *testing.T) {
	if got := string(Bars([]float64{0, 1, 2, 3, 4, 5, 6, 7})); got != "▁▂▃▄▅▆▇█" {
		t.Errorf("rising series: %q", got)
	}
	if got := string(Bars([]float64{3, 3, 3})); got != "▁▁▁" {
		t.Errorf("flat series: %q", got)
	}
	if got := string(Bars(nil)); got != "" {
		t.Errorf("empty series: %q", got)
	}
}

func TestResample(t *testing.T) {
	values := make([]float64, 51)
	for i := range values {
		values[i] = float64(i)
	}
	cells, cellOf := Resample(values, 10)
	if len(cells) != 10 || cells[0] != 2 || cells[9] != 48 {
		t.Errorf("cells %v", cells)
	}
	if cellOf(0) != 0 || cellOf(50) != 9 || cellOf(35) != 6 {
		t.Errorf("cellOf: 0→%d, 50→%d, 35→%d", cellOf(0), cellOf(50), cellOf(35))
	}
	if same, _ := Resample(values[:5], 10); len(same) != 5 {
		t.Errorf("a short series is kept: %v", same)
	}
}
