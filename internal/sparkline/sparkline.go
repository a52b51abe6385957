package sparkline

import "math"

var levels = []rune("▁▂▃▄▅▆▇█")

// Bars is one block per value, scaled between the series' own minimum and
// maximum; a flat series is drawn at the lowest level.
func Bars(values []float64) []rune {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range values {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	out := make([]rune, len(values))
	for i, v := range values {
		level := 0
		if hi > lo {
			level = int(math.Round((v - lo) / (hi - lo) * float64(len(levels)-1)))
		}
		out[i] = levels[level]
	}
	return out
}

// Resample shrinks values to at most width by taking, for each cell, the
// value nearest its centre, and returns which cell each input index
// falls in, so a marked value can be found after shrinking.
func Resample(values []float64, width int) (cells []float64, cellOf func(i int) int) {
	if width <= 0 || len(values) <= width {
		return values, func(i int) int { return i }
	}
	cells = make([]float64, width)
	for c := range cells {
		cells[c] = values[(2*c+1)*len(values)/(2*width)]
	}
	return cells, func(i int) int { return min(width-1, i*width/len(values)) }
}
