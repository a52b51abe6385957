package pipeline

// classFinder finds the class of a position among classes laid end to
// end (class c's ending at ends[c]) by a table of the first class of
// each block of positions and a short walk from there: a binary search
// per shared window would cost more than finding the window.
type classFinder struct {
	ends  []int
	first []int32 // block b -> the first class holding position b<<classBlockBits
}

const classBlockBits = 8

func newClassFinder(ends []int) classFinder {
	total := 0
	if len(ends) > 0 {
		total = ends[len(ends)-1]
	}
	f := classFinder{ends: ends, first: make([]int32, total>>classBlockBits+1)}
	c := 0
	for b := range f.first {
		for c < len(ends) && ends[c] <= b<<classBlockBits {
			c++
		}
		f.first[b] = int32(c)
	}
	return f
}

func (f classFinder) at(p int) int32 {
	c := f.first[p>>classBlockBits]
	for f.ends[c] <= p {
		c++
	}
	return c
}
