package tokens

import "slices"

// tokenTrie is a double-array trie over a vocabulary's tokens, for the
// longest token at a position of a long piece (backtrack's every step).
// Probing the rank table length by length from the longest token the two
// first bytes allow hashed up to a dozen strings that were no tokens per
// step, most of a count's time on ACGT and Han; the trie reads one node
// per byte of the token found, plus one.
//
// Node s's child by byte c is node base(s)+c if that node's check is s.
// A node is one uint64, its check, base and rank packed (trieCheckBits,
// trieBaseBits, the rest for the rank), so a step reads the child's
// check, rank and base at once: 8 bytes where three int32s took 12 (1.8
// MB more for o200k_base, and as much again while it was built, which
// raised the peak of a build). o200k_base uses 421,914 slots, cl100k_base
// 216,993, of an array made for 2.25 a token (3.6 and 1.8 MB); built once
// per vocabulary on its first long piece, in 117 and 56 ms.
type tokenTrie struct {
	nodes []uint64
}

const (
	// trieCheckBits hold the parent's index + 1 (0: a free slot), and
	// trieBaseBits the base: 2 million slots, five times o200k_base's.
	trieCheckBits = 21
	trieBaseBits  = 21
	trieIndexMask = 1<<trieCheckBits - 1
	// The rank + 1 (0: no token ends here) takes the top 22 bits: 4
	// million tokens, twenty times o200k_base's.
	trieRankShift = trieCheckBits + trieBaseBits
)

// errTrieTooLarge: neither vocabulary comes near the packed fields'
// limits (a fifth of the slots, a twentieth of the ranks); one that did
// would need wider fields, and must not get a wrong count.
const errTrieTooLarge = "tokens: vocabulary too large for the token trie"

// trieRoot is the root's index: a child is at base+c with base >= 1, so
// no child is ever the root.
const trieRoot = 0

// newTokenTrie builds the trie of ranks' tokens, and calls prefixOf with
// each token's rank and the rank of its longest proper prefix that is a
// token (-1 if none), which the walk down the trie meets anyway.
func newTokenTrie(ranks *rankTable, prefixOf func(token, prefix int32)) *tokenTrie {
	if ranks.size() >= 1<<(64-trieRankShift)-1 {
		panic(errTrieTooLarge)
	}
	order := make([]int32, ranks.size())
	for i := range order {
		order[i] = int32(i)
	}
	// Both vocabularies need about 2.1 slots a token: room for 2.25
	// spares the array a doubling while it is built.
	b := newTrieBuilder(len(order)*9/4 + 512)
	b.nodes[trieRoot] = trieRoot + 1 // its own parent: not free
	b.use(trieRoot)
	// Each node covers the tokens that start with its path, a range of
	// order; it sorts them by their next byte into its children's ranges
	// (a radix sort as the trie grows: each token moves once a byte,
	// where sorting the tokens first took longer than the whole build).
	type job struct {
		node, lo, hi, depth int
		prefix              int32 // the longest token on the path above
	}
	stack := []job{{node: trieRoot, lo: 0, hi: len(order), prefix: -1}}
	sorted := make([]int32, len(order))
	var labels []byte
	var starts []int
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		prefix := j.prefix
		for i := j.lo; i < j.hi; i++ {
			if r := order[i]; len(ranks.token(int(r))) == j.depth {
				b.nodes[j.node] |= uint64(r+1) << trieRankShift
				prefixOf(r, prefix)
				prefix = r
				order[i], order[j.lo] = order[j.lo], r
				j.lo++
				break
			}
		}
		if j.lo == j.hi {
			continue
		}
		sortByByte(order[j.lo:j.hi], sorted, ranks, j.depth)
		labels, starts = labels[:0], starts[:0]
		for i := j.lo; i < j.hi; i++ {
			c := ranks.token(int(order[i]))[j.depth]
			if len(labels) == 0 || labels[len(labels)-1] != c {
				labels = append(labels, c)
				starts = append(starts, i)
			}
		}
		starts = append(starts, j.hi)
		base := b.place(labels)
		b.nodes[j.node] |= uint64(base) << trieCheckBits
		for k, c := range labels {
			child := base + int(c)
			b.nodes[child] = uint64(j.node + 1)
			b.use(child)
			stack = append(stack, job{node: child, lo: starts[k], hi: starts[k+1], depth: j.depth + 1, prefix: prefix})
		}
	}
	// Any base plus any byte stays inside, so a step needs no bounds
	// check beyond the slice's own.
	maxBase := 0
	for _, n := range b.nodes {
		maxBase = max(maxBase, int(n>>trieCheckBits&trieIndexMask))
	}
	b.grow(maxBase + 256)
	return &tokenTrie{nodes: slices.Clip(b.nodes)}
}

// sortByByte sorts tokens, which are all longer than depth, by their
// byte at depth: by insertion for a few (most nodes have one to a few
// children), by counting for many, through tmp.
func sortByByte(tokens, tmp []int32, ranks *rankTable, depth int) {
	key := func(r int32) byte { return ranks.token(int(r))[depth] }
	if len(tokens) <= 32 {
		for i := 1; i < len(tokens); i++ {
			for k := i; k > 0 && key(tokens[k]) < key(tokens[k-1]); k-- {
				tokens[k], tokens[k-1] = tokens[k-1], tokens[k]
			}
		}
		return
	}
	var next [256]int
	for _, r := range tokens {
		next[key(r)]++
	}
	start := 0
	for c, n := range next {
		next[c] = start
		start += n
	}
	for _, r := range tokens {
		c := key(r)
		tmp[next[c]] = r
		next[c]++
	}
	copy(tokens, tmp[:len(tokens)])
}

// trieBuilder places nodes' children in free slots, which it keeps in a
// list in order, so a search for room steps over free slots only.
type trieBuilder struct {
	nodes      []uint64 // packed as tokenTrie's; 0 is a free slot
	next, prev []int32  // the free list's links; len(nodes) ends it
	head, tail int32    // the first free slot (len(nodes) if none), the last (-1)
}

func newTrieBuilder(capacity int) *trieBuilder {
	b := &trieBuilder{nodes: make([]uint64, 0, capacity), next: make([]int32, 0, capacity), prev: make([]int32, 0, capacity), tail: -1}
	b.grow(257)
	return b
}

// grow makes the array at least n long, the new slots free and at the
// end of the free list.
func (b *trieBuilder) grow(n int) {
	for i := int32(len(b.nodes)); int(i) < n; i++ {
		b.nodes = append(b.nodes, 0)
		b.next = append(b.next, i+1)
		b.prev = append(b.prev, b.tail)
		b.tail = i
	}
}

// use takes slot i off the free list.
func (b *trieBuilder) use(i int) {
	next, prev := b.next[i], b.prev[i]
	if prev >= 0 {
		b.next[prev] = next
	} else {
		b.head = next
	}
	if int(next) < len(b.prev) {
		b.prev[next] = prev
	} else {
		b.tail = prev
	}
}

// place finds a base where every label's slot is free, trying the free
// slots in order for the first label: most nodes deep in the trie have
// one child and take the first free slot, which keeps the array dense.
func (b *trieBuilder) place(labels []byte) int {
	first := int(labels[0])
	for f := int(b.head); ; f = int(b.next[f]) {
		if f >= len(b.nodes) {
			b.grow(f + 1)
		}
		base := f - first
		if base < 1 {
			continue
		}
		if base+256 > trieIndexMask {
			panic(errTrieTooLarge)
		}
		b.grow(base + 256)
		fits := true
		for _, c := range labels[1:] {
			if b.nodes[base+int(c)] != 0 {
				fits = false
				break
			}
		}
		if fits {
			return base
		}
	}
}

// longest is the rank of the longest token that is a prefix of s, -1 if
// none.
func (t *tokenTrie) longest(s string) int32 {
	best, _ := t.longestRead(s)
	return best
}

// longestRead is longest, and how many bytes of s the walk read if it
// stopped at a byte no token continues with (that byte included), 0 if
// it reached the end of s: any string that starts with those bytes has
// the same longest token (backtrack remembers a long walk).
func (t *tokenTrie) longestRead(s string) (best int32, read int) {
	nodes := t.nodes
	node := uint64(trieRoot)
	best = -1
	for i := 0; i < len(s); i++ {
		next := (nodes[node]>>trieCheckBits)&trieIndexMask + uint64(s[i])
		child := nodes[next]
		if child&trieIndexMask != node+1 {
			return best, i + 1
		}
		node = next
		if r := child >> trieRankShift; r != 0 {
			best = int32(r) - 1
		}
	}
	return best, 0
}

// bytes is the trie's memory.
func (t *tokenTrie) bytes() int { return 8 * len(t.nodes) }
