package pipeline

import "math/bits"

// shingleBitmap folds a shingle set into 256 bits, one per hashed id
// (the BitMap filter of Sandes, Teodoro and Melo, 2020). A bit set in one
// set's bitmap and not the other's comes from a shingle the other lacks,
// so the Hamming distance of two bitmaps is at most the size of the
// symmetric difference, and |A∩B| <= (|A| + |B| - distance) / 2. Four
// popcounts thus rule out most pairs that share few shingles before
// their sets are merged: small vocabularies, where every prefix is long
// and every shingle common, stay fast.
type shingleBitmap [4]uint64

func newShingleBitmap(set shingleSet) shingleBitmap {
	var b shingleBitmap
	for _, id := range set {
		bit := mix(uint64(id)) & 255
		b[bit>>6] |= 1 << (bit & 63)
	}
	return b
}

// overlapBound is an upper bound on the intersection of the two sets
// whose sizes are sizeA and sizeB.
func (b *shingleBitmap) overlapBound(o *shingleBitmap, sizeA, sizeB int) int {
	distance := 0
	for w := range b {
		distance += bits.OnesCount64(b[w] ^ o[w])
	}
	return (sizeA + sizeB - distance) / 2
}
