package pipeline

// referenceJoin is the brute-force reference for one analysis and one
// shingle size: every class's windows (referenceShingles) and the
// windows each two classes share, counted once for all the floors,
// thresholds and worker counts a test checks against them.
type referenceJoin struct {
	sets  []map[string]bool
	inter [][]int // inter[c][o]: the windows classes c and o share
}

func newReferenceJoin(a *Analysis, k int) *referenceJoin {
	sets := referenceShingles(a, k)
	inter := make([][]int, len(sets))
	for c := range sets {
		inter[c] = make([]int, len(sets))
	}
	for c := range sets {
		inter[c][c] = len(sets[c])
		for o := c + 1; o < len(sets); o++ {
			n := referenceIntersection(sets[c], sets[o])
			inter[c][o], inter[o][c] = n, n
		}
	}
	return &referenceJoin{sets: sets, inter: inter}
}

// similarity is the Jaccard similarity of classes c and o's windows.
func (r *referenceJoin) similarity(c, o int32) float64 {
	return jaccardFromSizes(r.inter[c][o], len(r.sets[c]), len(r.sets[o]))
}
