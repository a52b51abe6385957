package tokens

import (
	"math/rand/v2"
	"slices"
	"testing"

	"ctxlab/internal/racetest"
)

// TestRankBucketsPopInHeapOrder: whatever order pairs are pushed in,
// interleaved with pops, rankBuckets gives them back as the heap does:
// lowest rank, then lowest position, of every pair pushed and not yet
// popped. Positions pushed out of order within a rank, a rank pushed
// below the last popped, a bucket emptied and filled again are all
// exercised, with few ranks so that buckets collide.
func TestRankBucketsPopInHeapOrder(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(13, 14))
	var q rankBuckets
	for round := range racetest.Cut(300, 5) {
		const tokens, positions = 40, 500
		q.reset(positions)
		var model []pairEntry // every pair pushed and not popped, unordered
		for range 2000 {
			if len(model) == 0 || rng.IntN(3) > 0 {
				rank, pos := int32(rng.IntN(tokens)), int32(rng.IntN(positions))
				q.push(rank, pos)
				model = append(model, queued(rank, pos))
				continue
			}
			least := slices.Min(model)
			// A pair pushed twice comes out twice: remove one copy.
			i := slices.Index(model, least)
			model = slices.Delete(model, i, i+1)
			wantRank, wantPos := least.split()
			rank, pos, ok := q.pop()
			if !ok || rank != wantRank || pos != wantPos {
				t.Fatalf("round %d: popped (%d, %d, %v), want (%d, %d)", round, rank, pos, ok, wantRank, wantPos)
			}
		}
		for range model {
			if _, _, ok := q.pop(); !ok {
				t.Fatalf("round %d: empty with %d pairs pushed and not popped", round, len(model))
			}
		}
		if rank, pos, ok := q.pop(); ok {
			t.Fatalf("round %d: popped (%d, %d) after every pair pushed", round, rank, pos)
		}
	}
}
