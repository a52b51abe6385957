package pipeline

import "slices"

// sharedShingles gathers, pass by pass (see windowPlan), what the index
// keeps: every class's shingle count, and each shingle more than one
// class holds with its classes. A shared shingle is numbered in the
// order the passes meet it, which is hash order, and the numbers are
// replaced by ranks once every pass is in.
type sharedShingles struct {
	sizes []uint32 // class -> its distinct shingles
	// count.at(s) is how many classes hold shared shingle s; posts lists
	// the classes of each, ascending, shingle after shingle.
	count chunkList[uint32]
	posts chunkList[int32]
}

// add takes one pass's hashes, each class's distinct ones laid end to
// end in class order, class c's ending at ends[c], their top fixed bits
// the same. No class repeats a hash, so a hash's positions are the
// classes that hold it.
func (s *sharedShingles) add(hashes []uint64, ends []int, fixed uint) {
	start := 0
	for c, end := range ends {
		s.sizes[c] += uint32(end - start)
		start = end
	}
	classOf := newClassFinder(ends)
	forEachDistinct(hashes, fixed, func(positions []uint32) {
		if len(positions) < 2 {
			return
		}
		s.count.add(uint32(len(positions)))
		for _, p := range positions {
			s.posts.add(classOf.at(int(p)))
		}
	})
}

// index ranks the shared shingles rarest first and returns every class's
// set of them, ascending, and their postings by rank (rank r's classes
// are classes[shared[r]:shared[r+1]]).
//
// A shingle's rank orders it by the number of classes that hold it, ties
// by the first class that holds it and then by hash: the order of first
// appearance in the classes' hashes laid end to end, so the shingles of
// one sentence, which recur together, keep neighbouring ranks. The
// shingles one class holds would come before all of these; they are not
// kept.
func (s *sharedShingles) index() (sets []shingleSet, shared, classes []int32) {
	n := len(s.sizes)
	rank := s.ranks()
	// Each set's place in one array, from how many shared shingles each
	// class holds.
	setStart := make([]int, n+1)
	for i := range s.posts.len() {
		setStart[s.posts.at(i)+1]++
	}
	for c := 1; c <= n; c++ {
		setStart[c] += setStart[c-1]
	}
	flat := make([]uint32, setStart[n])
	fill := setStart[:n:n] // moved on as each set fills; shifted back below
	at := 0
	for num, r := range rank {
		for range s.count.at(num) {
			c := s.posts.at(at)
			flat[fill[c]] = r
			fill[c]++
			at++
		}
	}
	copy(setStart[1:], setStart[:n])
	setStart[0] = 0
	shared = make([]int32, len(rank)+1)
	for num, r := range rank {
		shared[r+1] = int32(s.count.at(num))
	}
	s.posts, s.count, rank = chunkList[int32]{}, chunkList[uint32]{}, nil
	sets = make([]shingleSet, n)
	for c := range sets {
		sets[c] = flat[setStart[c]:setStart[c+1]:setStart[c+1]]
		slices.Sort(sets[c])
	}
	for r := 1; r < len(shared); r++ {
		shared[r] += shared[r-1]
	}
	// Filled through the starts, each moved on past what it filled; then
	// each start is its predecessor's end, shifted back into place.
	classes = make([]int32, len(flat))
	for c, set := range sets {
		for _, r := range set {
			classes[shared[r]] = int32(c)
			shared[r]++
		}
	}
	for r := len(shared) - 1; r > 0; r-- {
		shared[r] = shared[r-1]
	}
	shared[0] = 0
	return sets, shared, classes
}

// ranks returns the rank of each shared shingle by number: by count,
// ties by first class, then by number (hash order). A counting sort on
// the first class, then one on the count, each keeping the order before.
func (s *sharedShingles) ranks() []uint32 {
	n, shared := len(s.sizes), s.count.len()
	// byFirst lists the numbers by first class, each class's ascending.
	firstStart := make([]int32, n+1)
	s.eachFirst(func(_ int, c int32) { firstStart[c+1]++ })
	for c := 1; c <= n; c++ {
		firstStart[c] += firstStart[c-1]
	}
	byFirst := make([]uint32, shared)
	s.eachFirst(func(num int, c int32) {
		byFirst[firstStart[c]] = uint32(num)
		firstStart[c]++
	})
	firstStart = nil
	maxCount := uint32(0)
	for num := range shared {
		maxCount = max(maxCount, s.count.at(num))
	}
	next := make([]uint32, maxCount+2)
	for num := range shared {
		next[s.count.at(num)+1]++
	}
	for k := 1; k < len(next); k++ {
		next[k] += next[k-1]
	}
	rank := make([]uint32, shared)
	for _, num := range byFirst {
		k := s.count.at(int(num))
		rank[num] = next[k]
		next[k]++
	}
	return rank
}

// eachFirst calls f with each shared shingle's number and the first
// class that holds it, in number order.
func (s *sharedShingles) eachFirst(f func(num int, c int32)) {
	at := 0
	for num := range s.count.len() {
		f(num, s.posts.at(at))
		at += int(s.count.at(num))
	}
}
