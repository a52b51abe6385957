package tokens

import (
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
