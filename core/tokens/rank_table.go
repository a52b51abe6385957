package tokens

import "math/bits"

// rankTable finds a token's rank by its bytes, and a rank's bytes. It
// stands where a map[string]int stood: with 100,000 to 200,000 tokens,
// filling a Go map at every start took most of a vocabulary's loading.
// Every part of it lies in the binary as compiled (vocab_file.go): the
// tokens' bytes in rank order, and the index, an open-addressing array of
// uint32 slots at most half full, laid out by vocabHash when the file was
// generated, and where each token starts. Loading computes nothing.
//
// A slot holds rank+1 in its low rankBits bits (0 is an empty slot) and,
// above them, a tag: the top bits of the token's hash. A lookup compares
// bytes only when the tag matches, so a pair of parts that is no token,
// the common case in a merge, is usually rejected on the first empty
// slot or a tag that differs.
type rankTable struct {
	slots    string // little-endian uint32 slots, a power of two of them
	mask     uint64 // number of slots - 1
	bytes    string // every token's bytes, in rank order
	offsets  string // little-endian uint32s: where each token starts in bytes, then the end
	rankBits uint
}

// rankBitsFor is how many low bits of a slot hold rank+1 for n tokens.
func rankBitsFor(n int) uint { return uint(bits.Len(uint(n))) }

// slotTag is the bits of a slot above the rank: the hash's top bits,
// which the slot's position (its low bits) does not use.
func slotTag(h uint64, rankBits uint) uint32 {
	return uint32(h>>(32+rankBits)) << rankBits
}

// rank returns the rank of the token whose bytes are s.
func (t *rankTable) rank(s string) (int, bool) {
	h := vocabHash(s)
	tag := slotTag(h, t.rankBits)
	rankMask := uint32(1)<<t.rankBits - 1
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		slot := t.slot(i)
		if slot == 0 {
			return 0, false
		}
		if slot&^rankMask == tag {
			if r := int(slot&rankMask) - 1; t.token(r) == s {
				return r, true
			}
		}
	}
}

// slot reads slot i.
func (t *rankTable) slot(i uint64) uint32 {
	return le32(t.slots[4*i:])
}

// has reports whether s is a token.
func (t *rankTable) has(s string) bool {
	_, ok := t.rank(s)
	return ok
}

// token returns the bytes of the token of rank r.
func (t *rankTable) token(r int) string {
	return t.bytes[le32(t.offsets[4*r:]):le32(t.offsets[4*r+4:])]
}

// size is the number of tokens; their ranks are 0 to size-1.
func (t *rankTable) size() int { return len(t.offsets)/4 - 1 }
