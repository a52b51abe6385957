package tokens

// pairRanks remembers, during one long piece's merge, the rank of the
// pair of two tokens by the two tokens' ranks. Every part of a merge is
// a token, so a pair is known by two numbers, and a long piece meets the
// same few pairs again and again (50,000 '=' ask for about 150,000 pairs
// of a dozen kinds): a lookup by the two ranks saves hashing the pair's
// bytes and comparing them with the vocabulary's, which cost most of a
// long merge once its queue was cheap. The answer is the rank table's for
// the joined bytes, so the merges are unchanged.
type pairRanks struct {
	// keys are the two ranks, the left in the high half, with the top
	// bit set (0 is an empty slot); ranks are what the table answered,
	// noRank included.
	keys  []uint64
	ranks []int32
	used  int
}

const pairKeyUsed = 1 << 63

// reset empties c, keeping its memory.
func (c *pairRanks) reset() {
	if len(c.keys) == 0 {
		c.keys, c.ranks = make([]uint64, 256), make([]int32, 256)
	}
	clear(c.keys)
	c.used = 0
}

// rank returns the rank of the pair of the tokens of ranks left and
// right, whose joined bytes are pair, asking table the first time.
func (c *pairRanks) rank(left, right int32, pair string, table *rankTable) int32 {
	key := uint64(uint32(left))<<32 | uint64(uint32(right)) | pairKeyUsed
	mask := uint64(len(c.keys) - 1)
	i := (key * 0x9e3779b97f4a7c15 >> 32) & mask
	for ; c.keys[i] != 0; i = (i + 1) & mask {
		if c.keys[i] == key {
			return c.ranks[i]
		}
	}
	rank := int32(noRank)
	if r, ok := table.rank(pair); ok {
		rank = int32(r)
	}
	c.keys[i], c.ranks[i] = key, rank
	c.used++
	if 2*c.used > len(c.keys) {
		c.grow()
	}
	return rank
}

// grow doubles the table, keeping it at most half full.
func (c *pairRanks) grow() {
	keys, ranks := c.keys, c.ranks
	c.keys, c.ranks = make([]uint64, 2*len(keys)), make([]int32, 2*len(keys))
	mask := uint64(len(c.keys) - 1)
	for j, key := range keys {
		if key == 0 {
			continue
		}
		i := (key * 0x9e3779b97f4a7c15 >> 32) & mask
		for c.keys[i] != 0 {
			i = (i + 1) & mask
		}
		c.keys[i], c.ranks[i] = key, ranks[j]
	}
}
