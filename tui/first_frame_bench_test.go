package tui

import (
	"testing"
)

// BenchmarkFirstFrame is a launch on the support_chat sample, from
// loading the scenario to the first frame with a picture: the vocabulary
// is not loaded (a fresh one each iteration), so the picture is the
// heuristic's estimate, marked pending. "exact" goes on until the
// background job has loaded the vocabulary, counted, and the exact
// picture is drawn.
func BenchmarkFirstFrame(b *testing.B) {
	b.Run("estimate", func(b *testing.B) {
		for b.Loop() {
			m, _ := coldModel(b)
			m, _ = firstEvaluation(b, m)
			if m.View() == "" || m.pending == "" {
				b.Fatal("no pending first frame")
			}
		}
	})
	b.Run("exact", func(b *testing.B) {
		for b.Loop() {
			m, _ := coldModel(b)
			m = settle(b, m, m.firstEvaluation)
			if m.View() == "" || m.pending != "" {
				b.Fatal("counts still pending")
			}
		}
	})
}
