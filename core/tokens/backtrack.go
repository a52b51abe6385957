package tokens

// backtrack walks piece with the backtracking encoder of github/rust-gems
// crates/bpe (backtrack_encoder.rs) and returns how many tokens tiktoken
// makes of it, in memory that does not grow with the piece: the merge
// (bytePairMerge) holds 22-30 bytes of state per byte, so one pre-token of
// 10 MB (a line of 'a', a DNA sequence, Chinese without punctuation) took
// 300 MB to count.
//
// The encoder keeps a stack of tokens, a position, and one bit per
// position, cleared once no valid encoding can have a token boundary
// there. At each step it takes the longest token at the position; if its
// end is still possible and tiktoken would keep it beside the token before
// (validPair), it is pushed; otherwise the next shorter prefix token is
// tried, and when none is left the bit is cleared and the token before is
// popped and retried shorter. Bits are cleared for good, so the work is
// linear, and what is left is tiktoken's encoding (the crate's README,
// Corollaries I-III).
//
// Here the stack keeps only its latest `window` tokens, in a ring, and the
// bits only the positions those tokens and the next maxLen bytes span;
// tokens below the window are counted and, if emit is not nil, passed to
// emit as they leave it, until emit returns false. Pops reach at most a few tokens back on every
// text measured (0 on a run of 'a', 2 on runs of '=', '-' and '*', at
// most 8 bytes on random ACGT and CJK), so the window is never left; if a pop ever has to reach below
// it, ok is false and the caller counts again another way. A token that
// left the window was never popped when ok is true, so it is final and
// emitted in order.
//
// One piece may take seconds (50 MB of ACGT), so check, if not nil, is
// called each time the position has gone countStep bytes past the last
// call, with the position; if it returns false, so does backtrack (ok
// false), at once.
func backtrack(piece string, v *backtrackVocab, s *backtrackScratch, window int, emit func(token int32) bool, check func(pos int) bool) (count int, ok bool) {
	n := len(piece)
	if n == 0 {
		return 0, true
	}
	s.reset(window, v.maxLen)
	pos := 0
	nextCheck := countStep
	if check == nil {
		nextCheck = n + 1 // never reached
	}
	next, read := v.trie.longestRead(piece)
	s.remember(0, read, next)
	popped := false // next was just popped: its end is ruled out
	for next >= 0 {
		token := next
		if popped {
			token = v.shorter(token)
		}
		last := int32(-1)
		if s.top > s.bottom {
			last = s.ring[(s.top-1)&s.ringMask]
			switch {
			case token < 0:
			case popped || v.tokenLen(token) >= longChain:
				token = v.firstValid(s, last, token)
			case !v.validPair(s, last, token):
				// Most often a short longest token is a valid pair
				// (ACGT, Han): one pair lookup, where firstValid's cache
				// would miss on the many pairs of random text.
				token = v.firstValid(s, last, v.shorter(token))
			}
		} else if s.dropped > 0 {
			return 0, false // a pop below the window
		}
		for {
			if token < 0 {
				if last < 0 {
					return 0, false // no token fits at the start: not tiktoken's vocabulary
				}
				s.impossible(pos)
				s.top--
				pos -= v.tokenLen(last)
				next, popped = last, true
				break
			}
			end := pos + v.tokenLen(token)
			if !s.possible(end) {
				// token is a valid pair with last (firstValid): only its end
				// rules it out, so the chain goes on below it.
				if token = v.shorter(token); token >= 0 && last >= 0 {
					token = v.firstValid(s, last, token)
				}
				continue
			}
			if s.top-s.bottom == window {
				if emit != nil && !emit(s.ring[s.bottom&s.ringMask]) {
					return s.dropped + 1, true
				}
				s.bottom++
				s.dropped++
			}
			s.ring[s.top&s.ringMask] = token
			s.top++
			pos, popped = end, false
			if pos >= nextCheck {
				if !check(pos) {
					return 0, false
				}
				nextCheck = pos + countStep
			}
			switch {
			case pos == n:
				next = -1
			case s.memoRead > 0 && s.memoHolds(piece, pos):
				next = s.memoToken
			default:
				next, read = v.trie.longestRead(piece[pos:])
				s.remember(pos, read, next)
			}
			break
		}
	}
	if emit != nil {
		for i := s.bottom; i < s.top && emit(s.ring[i&s.ringMask]); i++ {
		}
	}
	return s.dropped + s.top - s.bottom, true
}

// backtrackState is backtrack's stack and bits, kept in backtrackScratch
// to be reused from piece to piece.
type backtrackState struct {
	// ring holds the stack's latest tokens: those from bottom to top
	// (exclusive), at index i&ringMask; dropped tokens left below it.
	ring                []int32
	ringMask            int
	bottom, top         int
	dropped             int
	bits                []uint64
	bitMask             int
	initialized         int // bits of positions up to here are set
	windowSize, longest int
	// memoPos, memoRead and memoToken are the last long walk down the
	// trie (remember): the longest token at memoPos, found reading
	// memoRead bytes (0: none).
	memoPos, memoRead int
	memoToken         int32
}

// reset readies the state for a window of that many tokens of at most
// longest bytes each.
func (s *backtrackState) reset(window, longest int) {
	if s.windowSize != window || s.longest != longest {
		size := 1
		for size < window {
			size <<= 1
		}
		s.ring, s.ringMask = make([]int32, size), size-1
		// The kept tokens and the next token span at most
		// (window+1)*longest bytes, and a position's bit is asked from
		// the oldest kept token's start to longest past the current one.
		nbits := 64
		for nbits < (window+1)*longest+1 {
			nbits <<= 1
		}
		s.bits, s.bitMask = make([]uint64, nbits/64), nbits-1
		s.windowSize, s.longest = window, longest
	}
	s.bottom, s.top, s.dropped = 0, 0, 0
	s.initialized = -1
	s.memoRead = 0
}

// memoMinRead is the shortest walk down the trie that is remembered:
// below it the walk costs about what the comparison would.
const memoMinRead = 16

// remember keeps the walk down the trie at pos, which read that many
// bytes to find token, if it was long. In a run of one byte (or of any
// repeated text) the walk reads the same 80 to 113 bytes at position
// after position, and was most of a count's time: where the bytes it
// read are found again (memoHolds), its token is the longest there too,
// found by one comparison.
func (s *backtrackState) remember(pos, read int, token int32) {
	if read >= memoMinRead {
		s.memoPos, s.memoRead, s.memoToken = pos, read, token
	}
}

// memoHolds reports whether the bytes the remembered walk read are at
// pos too (memoRead is not 0).
func (s *backtrackState) memoHolds(piece string, pos int) bool {
	k, m := s.memoRead, s.memoPos
	return pos+k <= len(piece) && piece[pos] == piece[m] && piece[pos:pos+k] == piece[m:m+k]
}

// possible reports whether a token may still end at p; positions are set
// as they are first reached, since the ring reuses the bits of earlier
// ones.
func (s *backtrackState) possible(p int) bool {
	for s.initialized < p {
		s.initialized++
		q := s.initialized & s.bitMask
		s.bits[q>>6] |= 1 << (q & 63)
	}
	q := p & s.bitMask
	return s.bits[q>>6]&(1<<(q&63)) != 0
}

// impossible records that no valid encoding has a token boundary at p.
func (s *backtrackState) impossible(p int) {
	q := p & s.bitMask
	s.bits[q>>6] &^= 1 << (q & 63)
}

// dpCount is the count by the crate's appendable encoder (encode_all_prefixes
// in appendable_encoder.rs): the last token of a prefix's encoding is the
// one token t ending there that is a valid pair with the last token of
// the prefix before t (exactly one is, the crate's Corollary IIa), and
// its count is that prefix's plus one. Both look back at most maxLen
// bytes, so a ring of maxLen+1 states is all the memory, whatever the
// piece: provably constant, where backtrack's window is bounded only in
// practice. It is backtrack's fallback, slower (about 2-4 MB/s, probing
// the rank table length by length for the tokens ending at each byte).
// ok is false if no token fits, which tiktoken's vocabularies never allow,
// or if check, called as backtrack calls it, returns false.
func dpCount(piece string, v *backtrackVocab, s *backtrackScratch, check func(pos int) bool) (count int, ok bool) {
	n := len(piece)
	nextCheck := countStep
	if check == nil {
		nextCheck = n + 1 // never reached
	}
	size := 1
	for size < v.maxLen+1 {
		size <<= 1
	}
	last := make([]int32, size) // the last token of the prefix of length p, at p&m
	counts := make([]int32, size)
	m := size - 1
	for p := 1; p <= n; p++ {
		if p >= nextCheck {
			if !check(p) {
				return 0, false
			}
			nextCheck = p + countStep
		}
		found := false
		top := 1
		if p >= 2 {
			top = min(int(v.endLen2[int(piece[p-2])<<8|int(piece[p-1])]), p)
		}
		for l := max(top, 1); l > 0 && !found; l-- {
			r, isToken := v.ranks.rank(piece[p-l : p])
			if !isToken {
				continue
			}
			t := int32(r)
			switch {
			case l == p:
				last[p&m], counts[p&m] = t, 1
				found = true
			case v.validPair(s, last[(p-l)&m], t):
				last[p&m], counts[p&m] = t, counts[(p-l)&m]+1
				found = true
			}
		}
		if !found {
			return 0, false
		}
	}
	return int(counts[n&m]), true
}
