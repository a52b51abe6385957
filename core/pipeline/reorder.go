package pipeline

// lostInMiddleMinDocs: the reference reorders only when more than three
// documents remain.
const lostInMiddleMinDocs = 3

// reorderStage applies the lost-in-the-middle placement when enabled and
// more than three documents remain: documents at even ranks fill the
// result from the front, those at odd ranks from the back, so the
// strongest sit at both ends and the weakest in the middle.
func reorderStage(ranked []int, enabled bool, trace []DocTrace) (ordered []int, applied bool) {
	ordered = ranked
	if enabled && len(ranked) > lostInMiddleMinDocs {
		ordered = lostInMiddle(ranked)
		applied = true
	}
	for pos, i := range ordered {
		trace[i].PosAfterReorder = pos
	}
	return ordered, applied
}

// lostInMiddle returns ranked placed so that ranks 1..9 read
// 1 3 5 7 9 8 6 4 2.
func lostInMiddle[T any](ranked []T) []T {
	out := make([]T, len(ranked))
	left, right := 0, len(ranked)-1
	for rank, item := range ranked {
		if rank%2 == 0 {
			out[left] = item
			left++
		} else {
			out[right] = item
			right--
		}
	}
	return out
}
