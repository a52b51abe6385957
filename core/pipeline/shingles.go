package pipeline

import (
	"slices"
	"unicode"
	"unicode/utf8"

	"ctxlab/core/pycompat"
)

// shingleSet is a document's set of k-word windows that other documents
// have too, each hashed to 64 bits and then numbered densely by rank
// (see sharedShingles.index), sorted ascending and without repeats.
// No window's text is kept: at 200,000 documents the strings cost more
// than the documents. Two different windows share a number only if their
// 64-bit hashes collide, which at a hundred million distinct windows has
// odds below one in a thousand billion per pair.
type shingleSet []uint32

// appendWindowHashes appends the distinct hashes of text's k-word
// windows of lowercased words that keep accepts to dst, ascending; words
// is scratch space, returned for reuse. A text with fewer than k words
// has a single shingle made of all its words, as in the reference (so an
// empty text has one empty shingle). A window's hash chains its words'
// hashes in order, so the same words in another order, or fewer of
// them, hash apart.
//
// Only the last k words' hashes are kept, each twice (at i and i+k of a
// 2k ring), so that every window is a contiguous run of the ring. The
// hashes of all of a text's words were 8 bytes a word beside the
// windows' hashes, grown by appending: a 50 MB document of 7 million
// words held 57 MB of them and, while the slice last grew, the 46 MB it
// grew from.
func appendWindowHashes(text string, k int, keep windowFilter, words, dst []uint64) (scratch, out []uint64) {
	if cap(words) < 2*k {
		words = make([]uint64, 2*k)
	}
	ring := words[:2*k]
	from := len(dst)
	seed := windowSeed(k)
	n, at := 0, 0 // words seen; where the next goes in the ring
	eachLowerWordHash(text, func(h uint64) {
		ring[at], ring[at+k] = h, h
		n++
		if at++; at == k {
			at = 0
		}
		if n >= k {
			// The oldest of the last k words is where the next goes.
			dst = keep.appendIf(dst, chainWords(seed, ring[at:at+k]))
		}
	})
	if n < k {
		return ring, keep.appendIf(dst, windowHash(ring[:n]))
	}
	set := dst[from:]
	slices.Sort(set)
	return ring, append(dst[:from], slices.Compact(set)...)
}

// windowFilter keeps the hashes of one partition of the hash space, those
// whose top bits (h >> shift) are part; a shift of 64 keeps every hash.
// When counts is not nil it counts every window's partition too.
type windowFilter struct {
	shift  uint
	part   uint64
	counts []int
}

func (f windowFilter) appendIf(dst []uint64, h uint64) []uint64 {
	p := h >> f.shift
	if f.counts != nil {
		f.counts[p]++
	}
	if p == f.part {
		dst = append(dst, h)
	}
	return dst
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// asciiSpace marks the ASCII bytes pycompat.IsSpace calls whitespace.
var asciiSpace = func() (t [utf8.RuneSelf]bool) {
	for b := range t {
		t[b] = pycompat.IsSpace(rune(b))
	}
	return t
}()

// lowerWordHashes appends the hash of each word of
// pycompat.Split(strings.ToLower(text)) to dst without building either
// string: FNV-1a over the lowercased word's UTF-8 bytes, finished by mix
// so that words differing in one byte differ in every bit. Lowercasing
// rune by rune is what strings.ToLower does (an invalid byte becomes
// U+FFFD there as here), so equal words hash equal.
func lowerWordHashes(text string, dst []uint64) []uint64 {
	eachLowerWordHash(text, func(h uint64) { dst = append(dst, h) })
	return dst
}

// eachLowerWordHash calls word with the hash of each word of text, in
// order, as lowerWordHashes appends them.
func eachLowerWordHash(text string, word func(uint64)) {
	h, inWord := uint64(fnvOffset), false
	var buf [utf8.UTFMax]byte
	for i := 0; i < len(text); {
		b := text[i]
		if b < utf8.RuneSelf {
			i++
			if asciiSpace[b] {
				if inWord {
					word(mix(h))
					h, inWord = fnvOffset, false
				}
				continue
			}
			if 'A' <= b && b <= 'Z' {
				b += 'a' - 'A'
			}
			h, inWord = (h^uint64(b))*fnvPrime, true
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		r = unicode.ToLower(r)
		if pycompat.IsSpace(r) {
			if inWord {
				word(mix(h))
				h, inWord = fnvOffset, false
			}
			continue
		}
		for _, c := range utf8.AppendRune(buf[:0], r) {
			h = (h ^ uint64(c)) * fnvPrime
		}
		inWord = true
	}
	if inWord {
		word(mix(h))
	}
}

// windowCount is how many windows appendWindowHashes hashes for text:
// its words less k-1, or one when it has fewer than k words. It splits
// words as lowerWordHashes does, lowercasing first, so the count is
// exact: at least the distinct hashes it keeps.
func windowCount(text string, k int) int {
	// Branch-free on ASCII, where the text is nearly all of it: a word
	// starts where a word byte follows a space.
	words, prev := 0, uint8(0)
	for i := 0; i < len(text); {
		b := text[i]
		if b < utf8.RuneSelf {
			w := asciiWordByte[b]
			words += int(w &^ prev)
			prev = w
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		w := uint8(1)
		if pycompat.IsSpace(unicode.ToLower(r)) {
			w = 0
		}
		words += int(w &^ prev)
		prev = w
	}
	if words < k {
		return 1
	}
	return words - k + 1
}

// asciiWordByte is 1 for the ASCII bytes that belong to a word, 0 for
// spaces.
var asciiWordByte = func() (t [utf8.RuneSelf]uint8) {
	for b := range t {
		if !asciiSpace[b] {
			t[b] = 1
		}
	}
	return t
}()

// windowHash chains word hashes; the length seeds it so a window of n
// words never equals a longer one by construction of the chain alone.
func windowHash(words []uint64) uint64 {
	return chainWords(windowSeed(len(words)), words)
}

// windowSeed is where the chain of a window of n words starts: the same
// for every window of a text, so computed once for them.
func windowSeed(n int) uint64 { return mix(uint64(n) + 0x9e3779b97f4a7c15) }

// chainWords chains word hashes onto seed.
func chainWords(seed uint64, words []uint64) uint64 {
	h := seed
	for _, w := range words {
		h = mix(h ^ w)
	}
	return h
}

// mix is SplitMix64's finalizer, a bijection on 64 bits.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// intersectionSize counts the ids two sorted sets share.
func intersectionSize(a, b shingleSet) int {
	n, _ := intersectionAtLeast(a, b, 0)
	return n
}

// intersectionAtLeast counts the ids two sorted sets share, giving up
// (ok false) as soon as fewer than need could still be found.
func intersectionAtLeast[T uint32 | int32](a, b []T, need int) (n int, ok bool) {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if n+min(len(a)-i, len(b)-j) < need {
			return n, false
		}
		switch {
		case a[i] == b[j]:
			n++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return n, n >= need
}

// jaccardFromSizes is |A∩B| / |A∪B|, 0 when both sets are empty, with the
// same float64 division the reference performs.
func jaccardFromSizes(inter, sizeA, sizeB int) float64 {
	union := sizeA + sizeB - inter
	if union == 0 {
		return 0
	}
	return float64(inter) / float64(union)
}
