package pipeline

import (
	"cmp"
	"slices"
)

// shingleGroups merges the shingles that are held by exactly the same
// classes into one weighted shingle. A class holds all of a group or
// none of it, so the overlap of two classes is the summed weight of the
// groups they share: exact, with far fewer entries. The shingles of a
// sentence that recurs in thousands of documents are one group, so are
// all the shingles only one class holds, and the join walks each
// group's postings once instead of once per shingle.
//
// Groups are numbered by their rarest shingle, so they keep the
// rarest-first order the prefix filters need.
type shingleGroups struct {
	// first[g] is group g's rarest shingle, whose postings are the
	// group's.
	first []uint32
	// sets[c] is class c's groups ascending, each with the number of the
	// class's shingles in its groups up to that one (a running total, so
	// an entry's end less the one before is the group's weight, and the
	// last end is the class's shingle count).
	sets [][]groupAt
}

// groupAt is a group in a class's list and the running total of the
// class's shingles through it.
type groupAt struct {
	group, end uint32
}

// groupShingles finds the groups of the index's shingles. Every class of
// a group holds the group's shingles, so shingles that may be grouped are
// looked for among those whose first holder is the same class, with a
// hash of the postings to sort on and a comparison of the postings to
// confirm: a hash collision can only leave two groups apart.
func groupShingles(x *shingleIndex) shingleGroups {
	distinct := len(x.offsets) - 1
	postingHash := make([]uint64, distinct)
	ownerStart := make([]int32, len(x.sets)+1)
	for r := range postingHash {
		h := uint64(x.offsets[r+1] - x.offsets[r])
		for _, c := range x.containing(uint32(r)) {
			h = mix(h ^ uint64(c))
		}
		postingHash[r] = h
		ownerStart[x.classes[x.offsets[r]]+1]++
	}
	for c := 1; c < len(ownerStart); c++ {
		ownerStart[c] += ownerStart[c-1]
	}
	// owned lists, per class, the shingles it holds first, ascending.
	owned := make([]uint32, distinct)
	fill := slices.Clone(ownerStart[:len(ownerStart)-1])
	for r := range owned {
		c := x.classes[x.offsets[r]]
		owned[fill[c]] = uint32(r)
		fill[c]++
	}
	fill = nil
	// leader[r] becomes the rarest shingle of r's group.
	leader := make([]uint32, distinct)
	var leaders []uint32 // scratch for leadRun
	for c := range x.sets {
		mine := owned[ownerStart[c]:ownerStart[c+1]]
		slices.SortFunc(mine, func(p, q uint32) int {
			return cmp.Or(cmp.Compare(postingHash[p], postingHash[q]), cmp.Compare(p, q))
		})
		for i := 0; i < len(mine); {
			j := i + 1
			for j < len(mine) && postingHash[mine[j]] == postingHash[mine[i]] {
				j++
			}
			leaders = x.leadRun(mine[i:j], leader, leaders)
			i = j
		}
	}
	owned, postingHash = nil, nil

	g := shingleGroups{}
	groupOf := leader // reused: a leader's entry is read before it is overwritten
	for r := range groupOf {
		if groupOf[r] == uint32(r) {
			groupOf[r] = uint32(len(g.first))
			g.first = append(g.first, uint32(r))
		} else {
			groupOf[r] = groupOf[groupOf[r]]
		}
	}
	weight := make([]uint32, len(g.first))
	for _, grp := range groupOf {
		weight[grp]++
	}
	// A class's groups are its shingles that lead one, in rank order,
	// which is group order.
	total := 0
	for _, set := range x.sets {
		for _, r := range set {
			if grp := groupOf[r]; g.first[grp] == r {
				total++
			}
		}
	}
	flat := make([]groupAt, 0, total)
	g.sets = make([][]groupAt, len(x.sets))
	for c, set := range x.sets {
		from, through := len(flat), uint32(0)
		for _, r := range set {
			if grp := groupOf[r]; g.first[grp] == r {
				through += weight[grp]
				flat = append(flat, groupAt{group: grp, end: through})
			}
		}
		g.sets[c] = flat[from:len(flat):len(flat)]
	}
	return g
}

// leadRun sets leader for a run of shingles with equal posting hashes,
// ascending: each joins the first earlier one whose postings are the
// same, or leads a group of its own. leaders is scratch space, returned
// for reuse.
func (x *shingleIndex) leadRun(run, leader, leaders []uint32) []uint32 {
	leaders = leaders[:0]
	for _, r := range run {
		leader[r] = r
		for _, l := range leaders {
			if slices.Equal(x.containing(l), x.containing(r)) {
				leader[r] = l
				break
			}
		}
		if leader[r] == r {
			leaders = append(leaders, r)
		}
	}
	return leaders
}
