package tokens

// firstValid is the first token of the chain from (-1: none), shorter(from),
// shorter(shorter(from)), ... that validPair allows after last, -1 if
// none: what backtrack tries at a position after last, less the bits,
// which only it knows. The chain from a run's longest token is long (16
// to 28 tokens of '=' or '-' in o200k_base), and a run sends backtrack to
// a dead end after most tokens it pushes (after 80 '=', each of 15, 14,
// ..., 1 is a valid pair, and no token is valid after any of them): it
// walked the whole chain, a pair lookup a token, at each dead end. Both
// depend on the two tokens only, so the answer is kept in the scratch,
// direct-mapped, and a dead end costs one lookup.
func (v *backtrackVocab) firstValid(s *backtrackScratch, last, from int32) int32 {
	if from < 0 {
		return -1
	}
	key := uint64(last)<<32 | uint64(uint32(from)) + 1
	e := &s.chains[(key*0x9E3779B97F4A7C15)>>(64-chainBits)]
	if e.key == key {
		return e.first
	}
	t := from
	for t >= 0 && !v.validPair(s, last, t) {
		t = v.shorter(t)
	}
	// validPair uses the pair cache only, so e is still this key's slot.
	*e = chainEntry{key: key, first: t}
	return t
}

// longChain is the length from which backtrack asks firstValid for a
// longest token's chain at once: the runs' tokens of 16 to 113 bytes are
// mostly not valid pairs, and short ones (ACGT, Han) mostly are, where
// one pair lookup does.
const longChain = 16

// chainBits sizes firstValid's cache: 4096 entries of 16 bytes. A run
// asks for a few dozen pairs, random ACGT and Han for a few thousand.
const chainBits = 12

// chainEntry is firstValid's answer for one last and from.
type chainEntry struct {
	key   uint64 // last<<32 | from, plus 1 so 0 is empty
	first int32
}
