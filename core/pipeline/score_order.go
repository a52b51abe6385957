package pipeline

import (
	"math"
	"slices"
	"sync"

	"ctxlab/core/value"
)

// scoreOrder is every document's index, highest score first, sorted once
// per document set. The sort stage's order is this one with the filtered
// documents left out: a stable sort of a subset keeps the relative order
// the stable sort of the whole gives it, so no Build sorts again.
type scoreOrder struct {
	once  sync.Once
	order []int32 // nil when a score is NaN: the sort stage then sorts as before
}

func (o *scoreOrder) get(docs []value.Document) []int32 {
	o.once.Do(func() {
		for _, d := range docs {
			if math.IsNaN(d.Score) {
				// NaN compares false both ways, so the order of a subset
				// is not the subset of the order; no loader lets one in.
				return
			}
		}
		order := make([]int32, len(docs))
		for i := range order {
			order[i] = int32(i)
		}
		slices.SortStableFunc(order, func(p, q int32) int {
			switch sp, sq := docs[p].Score, docs[q].Score; {
			case sp > sq:
				return -1
			case sp < sq:
				return 1
			}
			return 0
		})
		o.order = order
	})
	return o.order
}
