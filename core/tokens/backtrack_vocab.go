package tokens

import (
	"sync"
	"sync/atomic"
)

// backtrackVocab is what the backtracking encoder (backtrack.go) asks of
// a vocabulary beyond ranks: the longest token starting at a position,
// the next shorter token that is a prefix of a token, and each token's
// split, the two tokens tiktoken joins last when it merges the token's
// own bytes. It follows github/rust-gems crates/bpe (byte_pair_encoding.rs),
// whose equivalence with tiktoken is tested there for cl100k_base and
// o200k_base, the two vocabularies ctxlab has; ctxlab's own tests hold it
// to tiktoken-go (backtrack_test.go).
//
// Built on the first long piece, never for ordinary text: the trie, and
// prefix and lens with it; split is filled per token on first use
// (atomically, so counts in parallel share it). Kept for the run: 6.5 MB
// for o200k_base (trie 3.6, split 1.6, prefix 0.8, lens 0.4), 3.3 MB for
// cl100k_base; building also makes 5.2 and 2.7 MB of garbage (the
// free list and the token order).
type backtrackVocab struct {
	ranks  *rankTable
	maxLen int
	// trie finds the longest token at a position.
	trie *tokenTrie
	// split holds each token's split as (left+1)<<32 | (right+1); 0 is
	// not yet known.
	split []atomic.Uint64
	// prefix holds each token's next shorter prefix token, -1 if none.
	prefix []int32
	// lens holds each token's length: read at every step, where the rank
	// table's two offsets cost a tenth of a count.
	lens []uint16
	// endLen2 is, for each two last bytes, the longest token ending with
	// them: dpCount tries no length above it.
	endLen2 [1 << 16]uint8
	// scratch pools the per-piece state: a pair cache of 512 KB is too
	// much to clear for each piece and too much to allocate per call.
	scratch sync.Pool
}

func newBacktrackVocab(ranks *rankTable, maxLen int) *backtrackVocab {
	v := &backtrackVocab{ranks: ranks, maxLen: maxLen}
	v.split = make([]atomic.Uint64, ranks.size())
	v.prefix = make([]int32, ranks.size())
	v.lens = make([]uint16, ranks.size())
	v.trie = newTokenTrie(ranks, func(token, prefix int32) { v.prefix[token] = prefix })
	for r := range ranks.size() {
		b := ranks.token(r)
		v.lens[r] = uint16(min(len(b), 1<<16-1)) // 128 at most in both vocabularies
		if len(b) >= 2 {
			k := int(b[len(b)-2])<<8 | int(b[len(b)-1])
			v.endLen2[k] = uint8(max(int(v.endLen2[k]), min(len(b), 255)))
		}
	}
	v.scratch.New = func() any { return new(backtrackScratch) }
	return v
}

// tokenLen is the length in bytes of the token of rank t.
func (v *backtrackVocab) tokenLen(t int32) int { return int(v.lens[t]) }

// longest is the rank of the longest token that is a prefix of s, which
// is not empty; -1 if none (every single byte is a token in both
// vocabularies, so never for them).
func (v *backtrackVocab) longest(s string) int32 { return v.trie.longest(s) }

// shorter is the longest token that is a proper prefix of token t, -1 if
// none.
func (v *backtrackVocab) shorter(t int32) int32 { return v.prefix[t] }

// splitOf is the pair of tokens tiktoken joins last when it merges token
// t's bytes; (t, t) for a token of one byte, and for a token tiktoken
// would not make from its own bytes (none in either vocabulary), which
// then never counts as undone.
func (v *backtrackVocab) splitOf(t int32) (left, right int32) {
	if s := v.split[t].Load(); s != 0 {
		return int32(s>>32) - 1, int32(uint32(s)) - 1
	}
	left, right = t, t
	if b := v.ranks.token(int(t)); len(b) > 1 {
		if l, r, ok := lastMerge(b, v.ranks); ok {
			left, right = l, r
		}
	}
	v.split[t].Store(uint64(left+1)<<32 | uint64(uint32(right+1)))
	return left, right
}

// lastMerge runs tiktoken's merge on a token's bytes until two parts are
// left and returns their ranks; ok is false if it never gets to two. A
// token is at most a few dozen bytes and each is split once, so the
// plain quadratic merge does.
func lastMerge(token string, ranks *rankTable) (left, right int32, ok bool) {
	start := make([]int, len(token)+1)
	for i := range start {
		start[i] = i
	}
	for len(start) > 3 {
		best, bestRank := -1, 0
		for i := 0; i+2 < len(start); i++ {
			if r, ok := ranks.rank(token[start[i]:start[i+2]]); ok && (best < 0 || r < bestRank) {
				best, bestRank = i, r
			}
		}
		if best < 0 {
			return 0, 0, false
		}
		start = append(start[:best+1], start[best+2:]...)
	}
	l, ok1 := ranks.rank(token[start[0]:start[1]])
	r, ok2 := ranks.rank(token[start[1]:start[2]])
	return int32(l), int32(r), ok1 && ok2
}

// validPair reports whether tiktoken, merging the bytes of t1 then t2,
// ends with exactly the tokens t1, t2: the crate's is_valid_token_pair.
// It undoes t1's and t2's merges, the later first, and asks at each step
// whether the pair across the boundary is a token that tiktoken would
// have merged before the merge just undone (the leftmost first among
// equal ranks, hence t2+1). The pair's rank is tiktoken's own rule: any
// adjacent pair whose joined bytes are a token merges at that rank.
//
// Its answer is kept with the pair's rank in the scratch's cache: a long
// piece asks about the same few thousand pairs over and over, and undoing
// their merges again took most of a count after the trie.
func (v *backtrackVocab) validPair(s *backtrackScratch, t1, t2 int32) bool {
	if e := s.pair(v, t1, t2); e.valid != pairUnknown {
		return e.valid == pairValid
	}
	valid := v.undoPair(s, t1, t2)
	// Undoing asked for other pairs, which may have taken this one's
	// entry: look it up again.
	e := s.pair(v, t1, t2)
	e.valid = pairInvalid
	if valid {
		e.valid = pairValid
	}
	return valid
}

// undoPair is validPair's answer worked out: the crate's
// is_valid_token_pair.
func (v *backtrackVocab) undoPair(s *backtrackScratch, t1, t2 int32) bool {
	limit := int32(1<<31 - 1)
	for {
		if c := s.pair(v, t1, t2).rank; c >= 0 && c < limit {
			return false
		}
		if t1 > t2 {
			limit = t1
			_, t1 = v.splitOf(t1)
			if t1 == limit {
				limit = t2 + 1
				t2, _ = v.splitOf(t2)
				if t2+1 == limit {
					return true
				}
			}
		} else {
			limit = t2 + 1
			t2, _ = v.splitOf(t2)
			if t2+1 == limit {
				limit = t1
				_, t1 = v.splitOf(t1)
				if t1 == limit {
					return true
				}
			}
		}
	}
}

// backtrackScratch is one count's working memory, pooled: backtrack's
// stack and bits, and a cache of pairs, direct-mapped by the two tokens'
// ranks. A long piece asks for the same few pairs over and over; hashing
// their joined bytes each time cost most of a count. chains is
// firstValid's cache (backtrack_chain.go).
type backtrackScratch struct {
	backtrackState
	pairs  [1 << 15]tokenPair
	chains [1 << chainBits]chainEntry
}

// tokenPair is what is known of a pair of tokens t1, t2.
type tokenPair struct {
	key   uint64 // t1<<32 | t2, plus 1 so 0 is empty
	rank  int32  // of the token whose bytes are t1's then t2's, -1 if none
	valid int8   // validPair's answer, pairUnknown until it is asked
}

const (
	pairUnknown int8 = iota
	pairValid
	pairInvalid
)

// pair is the cache's entry for t1, t2, its rank filled in.
func (s *backtrackScratch) pair(v *backtrackVocab, t1, t2 int32) *tokenPair {
	key := uint64(t1)<<32 | uint64(uint32(t2)) + 1
	e := &s.pairs[(key*0x9E3779B97F4A7C15)>>49]
	if e.key == key {
		return e
	}
	rank := int32(-1)
	a, b := v.ranks.token(int(t1)), v.ranks.token(int(t2))
	if len(a)+len(b) <= v.maxLen {
		if r, ok := v.ranks.rank(a + b); ok {
			rank = int32(r)
		}
	}
	*e = tokenPair{key: key, rank: rank}
	return e
}
