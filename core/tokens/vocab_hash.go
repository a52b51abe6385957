package tokens

import "math/bits"

// vocabHash is the hash the compiled-in rank tables are laid out by, so
// it is part of their file form (vocab_file.go): it must give the same
// value in every process, which rules out hash/maphash's random seed.
// It is wyhash's mixing, eight bytes at a time: a token or a merge pair is
// a few bytes long, and a lookup's cost is the memory it touches, not
// this arithmetic. Changing it changes the tables: run make vocabularies.
func vocabHash(s string) uint64 {
	const (
		k0 = 0xa0761d6478bd642f
		k1 = 0xe7037ed1a0b428db
	)
	h := uint64(len(s)) ^ k0
	for len(s) >= 8 {
		h = mix(h^le64(s), k1)
		s = s[8:]
	}
	var tail uint64
	for i := len(s) - 1; i >= 0; i-- {
		tail = tail<<8 | uint64(s[i])
	}
	return mix(h^tail, k1^uint64(len(s)))
}

// mix is wyhash's mum: the two halves of a 128-bit product, folded.
func mix(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// le64 reads s's first eight bytes as a little-endian number.
func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
