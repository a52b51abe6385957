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
}

const (
	pieceShards       = 64
	pieceShardEntries = 2048
	// pieceMaxBytes: longer pieces (base64, long numbers of '=') rarely
	// recur and would hold much memory; they are merged each time.
	pieceMaxBytes = 64
)

type pieceShard struct {
	mu     sync.Mutex
	counts map[string]int
}

func newPieceCache() *pieceCache { return &pieceCache{seed: maphash.MakeSeed()} }

// count returns piece's token count, merging it on a miss.
func (c *pieceCache) count(piece string, merge func(string) int) int {
	if len(piece) > pieceMaxBytes {
		return merge(piece)
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
