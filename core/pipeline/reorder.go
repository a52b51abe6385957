package pipeline

// lostInMiddleMinDocs: the reference reorders only when more than three
// documents remain.
const lostInMiddleMinDocs = 3

// reorderStage applies the lost-in-the-middle placement when enabled and
// more than three documents remain: documents at even ranks fill the
// result from the front, those at odd ranks from the back, so the
// strongest sit at both ends and the weakest in the middle.
func reorderStage(ranked []int, enabled bool, trace *traceTable) (ordered []int, applied bool) {
	ordered = ranked
	if enabled && len(ranked) > lostInMiddleMinDocs {
		ordered = lostInMiddle(ranked)
		applied = true
	}
	for pos, i := range ordered {
		trace.detail(i).PosAfterReorder = int32(pos)
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

// reorderKept is the reorder after the budget (BudgetBeforeReorder): the
// budget walked the relevance order, so the documents it placed are the
// strongest that fit; when more than three were placed they are put
// strongest at both ends and renumbered. The final order is the placed
// documents, then the rest in relevance order. In strict mode the
// renumbered block is counted again, since a citation's header costs what
// its number does.
func reorderKept(a *Analysis, out *budgetOutcome, ranked []int, opts Options, trace *traceTable) (ordered []int, applied bool) {
	if len(out.placed) > lostInMiddleMinDocs {
		out.placed = lostInMiddle(out.placed)
		applied = true
		for n, p := range out.placed {
			trace.detail(p.index).Citation = int32(n + 1)
		}
		if opts.BudgetMode == BudgetStrict {
			out.verify(a.Docs, opts.Tokenizer, opts.Budget, trace)
		}
	}
	placed := make(map[int]bool, len(out.placed))
	for _, p := range out.placed {
		ordered = append(ordered, p.index)
		placed[p.index] = true
	}
	for _, i := range ranked {
		if !placed[i] {
			ordered = append(ordered, i)
		}
	}
	for pos, i := range ordered {
		trace.detail(i).PosAfterReorder = int32(pos)
	}
	return ordered, applied
}
