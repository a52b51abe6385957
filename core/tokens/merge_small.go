package tokens

// smallPieceBytes: up to this length a piece is merged by tiktoken's own
// scan over a fixed array on the stack, which beats the heap's setup for
// the short pieces most text is made of. Both make the same merges
// (TestSmallMergeMatchesQueueMerge).
const smallPieceBytes = 24

// mergeSmall is tiktoken's _byte_pair_merge as written: after each merge,
// rescan the pairs for the lowest rank, the leftmost of equal ranks.
// Quadratic, but on at most smallPieceBytes parts.
func mergeSmall(piece string, ranks *rankTable, emit func(token string)) {
	var start [smallPieceBytes + 1]int32
	var rank [smallPieceBytes + 1]int32
	n := len(piece)
	parts := n + 1 // start[parts-1] == n is the end
	for i := 0; i < parts; i++ {
		start[i] = int32(i)
	}
	pairRank := func(i int) int32 {
		if i+2 >= parts {
			return noRank
		}
		if r, ok := ranks.rank(piece[start[i]:start[i+2]]); ok {
			return int32(r)
		}
		return noRank
	}
	for i := 0; i+1 < parts; i++ {
		rank[i] = pairRank(i)
	}
	for parts > 2 {
		best := -1
		for i := 0; i+2 < parts; i++ {
			if rank[i] != noRank && (best < 0 || rank[i] < rank[best]) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		// Join part best with the next: drop start[best+1].
		copy(start[best+1:parts-1], start[best+2:parts])
		copy(rank[best+1:parts-1], rank[best+2:parts])
		parts--
		rank[best] = pairRank(best)
		if best > 0 {
			rank[best-1] = pairRank(best - 1)
		}
	}
	for i := 0; i+1 < parts; i++ {
		emit(piece[start[i]:start[i+1]])
	}
}
