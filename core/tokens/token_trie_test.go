package tokens

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestTokenTrieFindsEveryToken: for every token of both vocabularies, the
// trie's longest match on the token's own bytes is the token itself (a
// token is its own longest prefix token), on the token followed by a byte
// that makes no longer token it is still the token, and the prefix table
// built with it names the longest proper prefix the rank table knows.
func TestTokenTrieFindsEveryToken(t *testing.T) {
	for _, name := range bpeNames {
		tok, _ := ByName(name)
		enc := tok.(*BPE).load()
		v := enc.backtrackVocab()
		t.Logf("%s: trie of %d slots, %.1f MB", name, len(v.trie.nodes), float64(v.trie.bytes())/1e6)
		for r := range enc.ranks.size() {
			b := enc.ranks.token(r)
			if got := v.longest(b); got != int32(r) {
				t.Fatalf("%s: longest(%q) = %d, want %d", name, b, got, r)
			}
			want := int32(-1)
			for l := len(b) - 1; l > 0; l-- {
				if p, ok := enc.ranks.rank(b[:l]); ok {
					want = int32(p)
					break
				}
			}
			if got := v.shorter(int32(r)); got != want {
				t.Fatalf("%s: shorter(%q) = %d, want %d", name, b, got, want)
			}
		}
	}
}

// TestTokenTrieLongestRead: the bytes longestRead says it read decide the
// longest token, whatever follows them (what lets backtrack reuse a walk
// where they are found again); and it reads to the end of s (0) only
// when no byte stopped it.
func TestTokenTrieLongestRead(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, name := range bpeNames {
		tok, _ := ByName(name)
		enc := tok.(*BPE).load()
		v := enc.backtrackVocab()
		for i := range 3000 {
			alphabet := []rune(backtrackAlphabets[i%len(backtrackAlphabets)])
			if i%3 == 0 {
				alphabet = []rune("=-*")
			}
			s := randomPiece(rng, alphabet, 1+rng.IntN(150))
			if i%5 == 0 {
				s = strings.Repeat(string(alphabet[0]), 1+rng.IntN(150))
			}
			best, read := v.trie.longestRead(s)
			if best != v.longest(s) {
				t.Fatalf("%s: longestRead(%q) = %d, longest %d", name, s, best, v.longest(s))
			}
			if read == 0 {
				continue
			}
			for _, tail := range []string{"", "a", "=", "\x00", "\xff", s} {
				if got := v.longest(s[:read] + tail); got != best {
					t.Fatalf("%s: longest(%q) = %d, but %q read %d bytes to %d", name, s[:read]+tail, got, s, read, best)
				}
			}
		}
	}
}
