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
// all the shingles only one class holds (which the index counts but does
// not keep), and the join walks each group's postings once instead of
// once per shingle.
//
// Groups are numbered rarest first: each class's unique group, in class
// order, then the shared groups by their rarest shingle, so they keep
// the rarest-first order the prefix filters need.
type shingleGroups struct {
	count uint32 // groups
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

// groupShingles finds the groups of the index's shingles. The unique
// shingles of a class (held by it alone) are one group, weighed by their
// count. Every class of a group holds the group's shingles, so shared
// shingles that may be grouped are looked for among those whose first
// holder is the same class, with a hash of the postings to sort on and a
// comparison of the postings to confirm: a hash collision can only
// leave two groups apart. The scratch space is per shared shingle, which
// random text has few of.
func groupShingles(x *shingleIndex) shingleGroups {
	sharedCount := len(x.shared) - 1
	postingHash := make([]uint64, sharedCount)
	ownerStart := make([]int32, len(x.sets)+1)
	for r := range postingHash {
		postings := x.containing(uint32(r))
		h := uint64(len(postings))
		for _, c := range postings {
			h = mix(h ^ uint64(c))
		}
		postingHash[r] = h
		ownerStart[postings[0]+1]++
	}
	for c := 1; c < len(ownerStart); c++ {
		ownerStart[c] += ownerStart[c-1]
	}
	// owned lists, per class, the shared shingles it holds first,
	// ascending.
	owned := make([]uint32, sharedCount)
	fill := slices.Clone(ownerStart[:len(ownerStart)-1])
	for r := range owned {
		c := x.containing(uint32(r))[0]
		owned[fill[c]] = uint32(r)
		fill[c]++
	}
	fill = nil
	// leader[r] becomes the rarest shingle of shared shingle r's group.
	leader := make([]uint32, sharedCount)
	var leaders []uint32 // scratch for leadRun
	hashOf := func(r uint32) uint64 { return postingHash[r] }
	for c := range x.sets {
		mine := owned[ownerStart[c]:ownerStart[c+1]]
		slices.SortFunc(mine, func(p, q uint32) int {
			return cmp.Or(cmp.Compare(hashOf(p), hashOf(q)), cmp.Compare(p, q))
		})
		for i := 0; i < len(mine); {
			j := i + 1
			for j < len(mine) && hashOf(mine[j]) == hashOf(mine[i]) {
				j++
			}
			leaders = x.leadRun(mine[i:j], leader, leaders)
			i = j
		}
	}
	owned, postingHash = nil, nil

	// Groups are numbered in rarest-first order: first the classes'
	// unique groups, in class order, then the shared ones by leader.
	g := shingleGroups{}
	uniqueGroup := make([]uint32, len(x.sets))
	var weight []uint32
	for c := range x.sets {
		if u := x.uniqueShingles(int32(c)); u > 0 {
			uniqueGroup[c] = g.count
			g.count++
			weight = append(weight, uint32(u))
		}
	}
	firstShared := g.count
	var leads []uint32 // shared group less firstShared -> its leader
	groupOf := leader  // reused: a leader's entry is read before it is overwritten
	for r := range groupOf {
		if groupOf[r] == uint32(r) {
			groupOf[r] = g.count
			g.count++
			leads = append(leads, uint32(r))
			weight = append(weight, 0)
		} else {
			groupOf[r] = groupOf[groupOf[r]]
		}
	}
	for _, grp := range groupOf {
		weight[grp]++
	}
	// A class's groups are its unique group, if any, then its shared
	// shingles that lead one, in rank order, which is group order.
	total := 0
	for c, set := range x.sets {
		if x.uniqueShingles(int32(c)) > 0 {
			total++
		}
		for _, r := range set {
			if leads[groupOf[r]-firstShared] == r {
				total++
			}
		}
	}
	flat := make([]groupAt, 0, total)
	g.sets = make([][]groupAt, len(x.sets))
	for c, set := range x.sets {
		from, through := len(flat), uint32(0)
		if u := x.uniqueShingles(int32(c)); u > 0 {
			through = uint32(u)
			flat = append(flat, groupAt{group: uniqueGroup[c], end: through})
		}
		for _, r := range set {
			if grp := groupOf[r]; leads[grp-firstShared] == r {
				through += weight[grp]
				flat = append(flat, groupAt{group: grp, end: through})
			}
		}
		g.sets[c] = flat[from:len(flat):len(flat)]
	}
	return g
}

// leadRun sets leader for a run of shared shingles with equal posting
// hashes, ascending: each joins the first earlier one whose postings are
// the same, or leads a group of its own. leader is indexed by rank;
// leaders is scratch space, returned for reuse.
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
