package pipeline

import (
	"cmp"
	"slices"
)

// join is what every prober of one findNearPairs reads: the classes in
// visiting order (smallest set first), their sizes, and the index of
// their prefixes' groups.
type join struct {
	x      *shingleIndex
	floor  float64
	order  []int32
	sizeAt []int32 // by visiting position, ascending
	// The classes' groups copied in visiting order, those of the class at
	// pos being groups[groupsFrom[pos]:groupsFrom[pos+1]]: a candidate's
	// groups are found from its position without reading a slice header
	// of the class's.
	groups     []groupAt
	groupsFrom []int32
	entries    []groupEntry
	start      []int32
	prefixes   []indexPrefix
}

func newJoin(x *shingleIndex, order []int32, floor float64) *join {
	n := len(order)
	j := &join{x: x, floor: floor, order: order, sizeAt: make([]int32, n), groupsFrom: make([]int32, n+1)}
	for pos, c := range order {
		j.sizeAt[pos] = int32(x.size(c))
		j.groupsFrom[pos+1] = j.groupsFrom[pos] + int32(len(x.groups.sets[c]))
	}
	j.groups = make([]groupAt, 0, j.groupsFrom[n])
	for _, c := range order {
		j.groups = append(j.groups, x.groups.sets[c]...)
	}
	j.entries, j.start, j.prefixes = indexGroupPrefixes(int(x.groups.count), n, j.groupsAt, func(pos int) int { return int(j.sizeAt[pos]) }, floor)
	return j
}

// groupsAt returns the groups of the class visited at pos.
func (j *join) groupsAt(pos int) []groupAt {
	return j.groups[j.groupsFrom[pos]:j.groupsFrom[pos+1]]
}

// nearPair is two classes and the number of shingles they share.
type nearPair struct {
	a, b  int32
	inter uint32
}

// prober finds, for one class at a time, its pairs among the classes
// visited before it. Each core has its own.
type prober struct {
	*join
	// met[pos] is what the current prober knows of the class visited at
	// pos, in one place so that a candidate costs one cache line.
	met     []candidate
	touched []int32 // the positions met by the current class
	found   []nearPair

	candidates, verified int
}

// candidate is the state of one pair while its prober runs: by is the
// prober's position + 1 (a stale value means not met yet), shared the
// shingles found shared so far or -1 once pruned, need the overlap the
// pair needs to reach the floor.
type candidate struct {
	by, shared, need int32
}

func (j *join) newProber() *prober {
	return &prober{join: j, met: make([]candidate, len(j.order))}
}

// probe finds the pairs of the class visited at pos with those visited
// before it.
func (p *prober) probe(pos int) {
	x, floor := p.x, p.floor
	c := p.order[pos]
	size := p.sizeAt[pos]
	groups := p.groupsAt(pos)
	p.touched = p.touched[:0]
	// Length filter: J <= |y|/|x| for |y| <= |x|. Postings are in
	// visiting order, smallest sets first, so the classes too small to
	// reach floor open every list and are skipped by a search.
	from, _ := slices.BinarySearchFunc(p.sizeAt[:pos], size, func(other, size int32) int {
		if float64(other)/float64(size) < floor {
			return -1
		}
		return 1
	})
	stamp := int32(pos + 1)
	before := int32(0) // shingles of c in the groups before the current one
	probed := groups[:groupPrefixLen(groups, int(size), probeOverlap(int(size), floor))]
	for _, ga := range probed {
		weight := int32(ga.end) - before
		list := p.entries[p.start[ga.group]:p.start[ga.group+1]]
		skip, _ := slices.BinarySearchFunc(list, int32(from), func(e groupEntry, from int32) int { return cmp.Compare(e.pos, from) })
		for _, e := range list[skip:] {
			if int(e.pos) >= pos {
				break // visited after c: it will probe c itself
			}
			m := &p.met[e.pos]
			otherSize := p.sizeAt[e.pos]
			if m.by != stamp {
				m.by, m.shared = stamp, 0
				p.candidates++
			} else if m.shared < 0 {
				continue // pruned
			}
			// Positional filter: what is shared so far, this group and
			// the shingles after it in the shorter remainder.
			bound := m.shared + weight + min(size-before-weight, otherSize-e.before-weight)
			if m.shared == 0 {
				// First met: the bound against the least overlap the pair
				// could need, cheaply, before the exact one.
				if bound < int32(overlapLowerBound(int(size), int(otherSize), floor)) {
					m.shared = -1
					continue
				}
				m.need = int32(neededOverlap(int(size), int(otherSize), floor))
				p.touched = append(p.touched, e.pos)
			}
			if bound < m.need {
				m.shared = -1
				continue
			}
			m.shared += weight
		}
		before = int32(ga.end)
	}
	lastProbed, probedShingles := probed[len(probed)-1].group, int(probed[len(probed)-1].end)
	for _, at := range p.touched {
		m := p.met[at]
		if m.shared < 0 {
			continue
		}
		shared, required, otherSize, prefix := int(m.shared), int(m.need), int(p.sizeAt[at]), p.prefixes[at]
		// Every group both share up to the earlier of the two prefixes'
		// last groups was met in both: shared holds them all, and only
		// the groups after that one can add to it (PPJoin's bound at the
		// end of the prefix). Its own side is known; the other's needs a
		// search, made only if the first bound leaves the pair standing.
		if lastProbed <= prefix.last {
			if shared+int(size)-probedShingles < required {
				continue
			}
		} else if shared+otherSize-int(prefix.shingles) < required {
			continue
		}
		oGroups := p.groupsAt(int(at))
		var i, j int
		if lastProbed <= prefix.last {
			i, j = len(probed), groupsThrough(oGroups[:prefix.groups], lastProbed)
		} else {
			i, j = groupsThrough(probed, prefix.last), int(prefix.groups)
		}
		if shared+min(int(size)-shingleCount(groups, i), otherSize-shingleCount(oGroups, j)) < required {
			continue
		}
		o := p.order[at]
		// The bitmaps fold the shared shingles only, the ones the pair
		// can have in common, so the bound takes their counts.
		if x.bitmaps[c].overlapBound(&x.bitmaps[o], len(x.sets[c]), len(x.sets[o])) < required {
			continue
		}
		p.verified++
		if inter, ok := groupOverlapAtLeast(groups, i, oGroups, j, required-shared); ok {
			p.found = append(p.found, nearPair{c, o, uint32(shared + inter)})
		}
	}
}
