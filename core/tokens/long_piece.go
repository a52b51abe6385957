package tokens

import "sync"

// backtrackPieceBytes is the length from which a piece is counted and
// split by backtrack rather than merged: below it the merge is faster
// and its 22-30 bytes of state per byte are a few megabytes at most.
// A variable so tests can send every piece through backtrack and compare
// it with tiktoken-go.
var backtrackPieceBytes = 64 << 10

// backtrackWindow is how many of its latest tokens backtrack keeps: about
// 40 KB of state, far more than any pop was seen to reach back. A
// variable so tests can make it small enough to be left.
var backtrackWindow = 1024

// backtrackVocabs holds each vocabulary's backtrackVocab, built the first
// time a piece of backtrackPieceBytes or more is met and shared by every
// encoding of that vocabulary (the splits it learns are the same).
var backtrackVocabs = map[string]*lazyBacktrackVocab{
	TokenizerCL100K: {},
	TokenizerO200K:  {},
}

type lazyBacktrackVocab struct {
	once sync.Once
	v    *backtrackVocab
}

func (e *encoding) backtrackVocab() *backtrackVocab {
	lazy := backtrackVocabs[e.name]
	lazy.once.Do(func() { lazy.v = newBacktrackVocab(e.ranks, e.maxLen) })
	return lazy.v
}

// countLong is the number of tokens of a long piece, in constant memory:
// backtrack, or if a pop ever reaches below its window, dpCount, whose
// memory is constant by construction. The merge is the last resort only
// if neither finds a token to fit, which tiktoken's vocabularies rule out.
// check, if not nil, is called every countStep bytes of the piece with
// the position (see backtrack); when it returns false the count stops
// and ok is false.
func (e *encoding) countLong(piece string, check func(pos int) bool) (n int, ok bool) {
	v := e.backtrackVocab()
	s := v.scratch.Get().(*backtrackScratch)
	defer v.scratch.Put(s)
	stopped := false
	if check != nil {
		inner := check
		check = func(pos int) bool {
			stopped = !inner(pos)
			return !stopped
		}
	}
	if n, ok := backtrack(piece, v, s, backtrackWindow, nil, check); ok || stopped {
		if ok {
			e.pieces.long.markWalked(fingerprint(piece))
		}
		return n, ok
	}
	if n, ok := dpCount(piece, v, s, check); ok || stopped {
		return n, ok
	}
	bytePairMerge(piece, e.ranks, e.maxLen, func(string) { n++ })
	return n, true
}

// splitPiece calls emit with each of piece's tokens in order, as
// bytePairMerge does, until emit returns false: a cut that keeps a
// document's first 500 tokens stops a 10 MB piece's after them, where
// the list of all its ids took 8 bytes a token. A long piece is walked
// by backtrack twice: once to learn that it stays within its window,
// then to emit the tokens as they leave it, which are then final. Should
// it not stay within its window (never seen), the piece is merged.
// One pass would not be exact: a token is handed to emit as it leaves
// the window, and whether some later pop reaches below it is known only
// at the piece's end, when it cannot be taken back; no bound on how far
// back a pop reaches is known, so no lag makes an early token safe.
// But backtrack is deterministic: a piece it once walked within its
// window (counted by countLong, or split before) needs no first pass.
// A build counts a long document, then cuts it: the first pass was half
// of build --docs over 50 MB of ACGT, for a cut that kept 500 tokens.
func (e *encoding) splitPiece(piece string, emit func(token string) bool) {
	if len(piece) < backtrackPieceBytes {
		more := true
		bytePairMerge(piece, e.ranks, e.maxLen, func(token string) {
			more = more && emit(token)
		})
		return
	}
	v := e.backtrackVocab()
	s := v.scratch.Get().(*backtrackScratch)
	defer v.scratch.Put(s)
	key := fingerprint(piece)
	walked := e.pieces.long.wasWalked(key)
	if !walked {
		_, walked = backtrack(piece, v, s, backtrackWindow, nil, nil)
	}
	if walked {
		e.pieces.long.markWalked(key)
		backtrack(piece, v, s, backtrackWindow, func(t int32) bool { return emit(v.ranks.token(int(t))) }, nil)
		return
	}
	more := true
	bytePairMerge(piece, e.ranks, e.maxLen, func(token string) {
		more = more && emit(token)
	})
}
