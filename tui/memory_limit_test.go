//go:build heavy

package tui

import (
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/core/value"
	"ctxlab/internal/memlimit"
)

// oneWordScenario is n one-word documents with scores, as
// internal/hugegen's million-words.jsonl: each document's text its own
// string, as the loaders leave it.
func oneWordScenario(n int) (*core.Scenario, int64) {
	words := strings.Fields("refund order shipping return policy days business customer account payment card gift warranty damaged item replacement tracking number carrier delivery")
	rng := rand.New(rand.NewPCG(1, 1))
	docs := make([]value.Document, n)
	text := int64(0)
	for i := range docs {
		docs[i] = value.Document{Content: strings.Clone(words[rng.IntN(len(words))]), Score: float64(rng.IntN(1000)) / 1000}
		text += int64(len(docs[i].Content))
	}
	return &core.Scenario{Name: "one-word", Documents: docs, Settings: core.DefaultSettings()}, text
}

// liveHeap is the heap after a collection.
func liveHeap() int64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// liveAfterOpening is the live heap with the workbench open and settled
// on n one-word documents (counted exactly, evaluated), and their text:
// the least of three openings, since what else the test binary runs
// (the goroutines of tests before) can only add to it.
func liveAfterOpening(t *testing.T, n int) (live, text int64) {
	live = math.MaxInt64
	for range 3 {
		before := liveHeap()
		sc, scText := oneWordScenario(n)
		m := benchModel(t, sc, 160, 48)
		live, text = min(live, liveHeap()-before), scText
		runtime.KeepAlive(m)
	}
	return live, text
}

// TestWorkbenchLimitCoversItsLiveHeap: the soft limit the CLI sets for
// the workbench (memlimit.ForWorkbench) stands above what the workbench
// keeps live once settled, with room for the runtime and the collector, on one-word documents (the
// most per byte of text) at the sizes measured and, by what each
// document was measured to keep (the difference between two sizes, so
// the program's own heap drops out), at a million and ten million. A
// limit under the live heap had the collector run back to back while
// the workbench sat idle, since it allocates a little with each frame.
func TestWorkbenchLimitCoversItsLiveHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("opens the workbench on 150,000 documents")
	}
	const small, large = 50_000, 150_000
	liveSmall, textSmall := liveAfterOpening(t, small)
	liveLarge, textLarge := liveAfterOpening(t, large)
	perDoc := float64(liveLarge-liveSmall) / (large - small)
	own := float64(liveSmall) - perDoc*small
	textPerDoc := float64(textLarge) / large
	t.Logf("live %.1f bytes a document (%.1f of text), %.1f MB of the program's own", perDoc, textPerDoc, own/1e6)
	// The limit counts the runtime's own memory too (the collector's
	// metadata, stacks, spans not yet returned: some 15 MB beside a 96
	// MB heap), and leaves the collector a twentieth of room above that:
	// at a million documents some 5 MB, which the 0.9 MB a second
	// Bubble Tea allocates while idle fills in about 5 s (0 to 4
	// collections in 30 s idle, measured). A tenth failed under the race
	// detector, which measured 105 bytes a document where a plain run
	// measures 98 to 101; every byte of room here is a byte of the peak
	// on a set this large (see the README's "The workbench").
	check := func(n int, text int64, live float64) {
		need := 1.05*live + 16<<20
		if limit := memlimit.ForWorkbench(text, n); float64(limit) < need {
			t.Errorf("%d documents: the workbench's limit %.1f MB, under the %.1f MB their %.1f MB live heap needs", n, float64(limit)/1e6, need/1e6, live/1e6)
		}
	}
	check(small, textSmall, float64(liveSmall))
	check(large, textLarge, float64(liveLarge))
	for _, n := range []int{1_000_000, 10_000_000} {
		check(n, int64(textPerDoc*float64(n)), own+perDoc*float64(n))
	}
}
