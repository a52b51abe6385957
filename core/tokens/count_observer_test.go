package tokens

import (
	"strings"
	"sync"
	"testing"
)

// TestObserveLongCounts: with an observer set, a count of a long text
// (one piece of 2 MiB, then 2 MiB of words) reports its progress, rising
// to the text's length, and counts what it counts without one; a short
// text and a count after stop report nothing.
func TestObserveLongCounts(t *testing.T) {
	for _, text := range []string{strings.Repeat("=", 2<<20), strings.Repeat("words and more words ", 100_000)} {
		// Two encodings: one count of a long piece is remembered.
		b, err := NewBPE(TokenizerO200K)
		if err != nil {
			t.Fatal(err)
		}
		reference, err := NewBPE(TokenizerO200K)
		if err != nil {
			t.Fatal(err)
		}
		want := reference.load().count(text)
		var mu sync.Mutex
		var reports [][2]int
		stop := ObserveLongCounts(func(done, total int) {
			mu.Lock()
			reports = append(reports, [2]int{done, total})
			mu.Unlock()
		})
		b.Count("short text, not observed")
		got := b.Count(text)
		stop()
		b.Count(text + " again")
		if got != want {
			t.Fatalf("observed count %d, unobserved %d", got, want)
		}
		if len(reports) < 3 {
			t.Fatalf("%d reports for %d bytes, want one every 64 KiB", len(reports), len(text))
		}
		for i, r := range reports {
			if r[1] != len(text) || (i > 0 && r[0] < reports[i-1][0]) {
				t.Fatalf("report %d: %v (text of %d bytes; before it %v)", i, r, len(text), reports[max(i-1, 0)])
			}
		}
		if last := reports[len(reports)-1]; last[0] != len(text) {
			t.Fatalf("last report %v, want the whole text", last)
		}
	}
}
