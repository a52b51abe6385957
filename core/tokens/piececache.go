package tokens

import (
	"hash/maphash"
	"strings"
	"sync"
)

// pieceCache remembers how many tokens a pre-tokenized piece merges to.
// Text is mostly made of a few thousand recurring words; those that are
// not a single token would be merged again at every occurrence. Bounded:
// each shard starts over when full, so memory stays under about
// pieceShards × pieceShardEntries short strings whatever is counted.
// Sharded by hash so parallel counting rarely waits on a lock.
type pieceCache struct {
	seed   maphash.Seed
	shards [pieceShards]pieceShard
	long   longPieces
}

const (
	pieceShards       = 64
	pieceShardEntries = 2048
	// pieceMaxBytes: longer pieces go to the long-piece cache.
	pieceMaxBytes = 64
	// longPieceMinBytes: from this length a merge costs more than
	// hashing and copying the piece, so a repeat is worth remembering.
	longPieceMinBytes = 4 << 10
	// longPiecesMax bounds the long pieces remembered, 40 bytes each.
	longPiecesMax = 4096
)

// longPieces remembers the counts of very long pieces: a line of 50,000
// '=', a megabyte-long word. Such a piece is rare but recurs in every
// text built around it (a document's source appears in its citation
// header, the context block and the request), and each count of it costs
// milliseconds to seconds. A piece is remembered by its fingerprint (as
// the BPE memo remembers a long text), never copied: a copy of a 10 MB
// piece would double what counting it holds.
type longPieces struct {
	mu     sync.Mutex
	counts map[printKey]int
	// walked holds the pieces backtrack has walked within its window
	// (long_piece.go): splitting one again needs no first pass.
	walked map[printKey]struct{}
}

type pieceShard struct {
	mu     sync.Mutex
	counts map[string]int
}

func newPieceCache() *pieceCache { return &pieceCache{seed: maphash.MakeSeed()} }

// count returns piece's token count, merging it on a miss.
func (c *pieceCache) count(piece string, merge func(string) int) int {
	if len(piece) > pieceMaxBytes {
		if len(piece) < longPieceMinBytes {
			return merge(piece)
		}
		n, _ := c.long.count(piece, func(piece string) (int, bool) { return merge(piece), true })
		return n
	}
	shard := &c.shards[maphash.String(c.seed, piece)%pieceShards]
	shard.mu.Lock()
	n, ok := shard.counts[piece]
	shard.mu.Unlock()
	if ok {
		return n
	}
	n = merge(piece)
	shard.mu.Lock()
	if len(shard.counts) >= pieceShardEntries || shard.counts == nil {
		shard.counts = make(map[string]int, pieceShardEntries)
	}
	// A copy: the piece is a slice of a document that must not be kept
	// alive by the cache.
	shard.counts[strings.Clone(piece)] = n
	shard.mu.Unlock()
	return n
}

// count is the long piece's count, remembered or from merge; a merge that
// was stopped (ok false) is neither remembered nor counted.
func (l *longPieces) count(piece string, merge func(string) (int, bool)) (n int, ok bool) {
	key := fingerprint(piece)
	l.mu.Lock()
	n, ok = l.counts[key]
	l.mu.Unlock()
	if ok {
		return n, true
	}
	if n, ok = merge(piece); !ok {
		return 0, false
	}
	l.mu.Lock()
	if l.counts == nil || len(l.counts) >= longPiecesMax {
		l.counts = map[printKey]int{}
	}
	l.counts[key] = n
	l.mu.Unlock()
	return n, true
}

// markWalked records that backtrack walked the piece of that key within
// its window.
func (l *longPieces) markWalked(key printKey) {
	l.mu.Lock()
	if l.walked == nil || len(l.walked) >= longPiecesMax {
		l.walked = map[printKey]struct{}{}
	}
	l.walked[key] = struct{}{}
	l.mu.Unlock()
}

// wasWalked reports whether markWalked recorded key (and has not
// forgotten it since).
func (l *longPieces) wasWalked(key printKey) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, ok := l.walked[key]
	return ok
}
