package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"ctxlab/core/value"
)

// FuzzNearPairs checks the join and the greedy pass against brute force
// on any documents (one a line), shingle size and floor from 0.50 to 1.
func FuzzNearPairs(f *testing.F) {
	f.Add("a b c\na b c d\n\nb c d e\na", uint8(2), uint8(0))
	f.Add("x y x y x y\nx y x y\ny x y x\nx", uint8(1), uint8(255))
	f.Add("the tent was torn. please refund.\nthe tent was torn. please send a new one.\nplease refund.", uint8(3), uint8(40))
	f.Fuzz(func(t *testing.T, text string, k, floorByte uint8) {
		lines := strings.Split(text, "\n")
		if len(lines) > 40 {
			lines = lines[:40]
		}
		docs := make([]value.Document, len(lines))
		for i, line := range lines {
			docs[i].Content = line
		}
		a := Analyze(docs)
		shingleSize := 1 + int(k)%5
		floor := 0.5 + float64(floorByte)/510
		checkPairsAgainstBruteForce(t, a, shingleSize, floor, fmt.Sprintf("k=%d, floor %v", shingleSize, floor))
		sorted := make([]int, len(docs))
		for i := range sorted {
			sorted[len(sorted)-1-i] = i
		}
		trace := newTraceTable(len(docs))
		dedupStage(a, sorted, floor, shingleSize, nil, &trace)
		if got, want := fmt.Sprint(dedupFates(sorted, &trace)), fmt.Sprint(bruteDedup(a, sorted, floor, shingleSize)); got != want {
			t.Fatalf("k=%d, threshold %v:\n got %v\nwant %v", shingleSize, floor, got, want)
		}
	})
}
