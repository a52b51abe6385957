package tokens

import "testing"

// TestRankTableFindsEveryToken: each token of both vocabularies is found
// at its own rank, and strings next to tokens (one byte longer or
// shorter, or joined) are found only if they are tokens themselves.
func TestRankTableFindsEveryToken(t *testing.T) {
	t.Parallel()
	for _, name := range bpeNames {
		v, err := loadVocabulary(name)
		if err != nil {
			t.Fatal(err)
		}
		ranks := v.ranks
		n := ranks.size()
		isToken := make(map[string]int, n)
		for r := range n {
			isToken[ranks.token(r)] = r
		}
		for r := range n {
			token := ranks.token(r)
			if got, ok := ranks.rank(token); !ok || got != r {
				t.Fatalf("%s: token %d %q found at %d, %v", name, r, token, got, ok)
			}
			for _, near := range []string{token + "\x00", token[:len(token)-1], token + ranks.token((r+1)%n)} {
				want, isOne := isToken[near]
				if got, ok := ranks.rank(near); ok != isOne || (ok && got != want) {
					t.Fatalf("%s: %q found %v at %d; a token: %v at %d", name, near, ok, got, isOne, want)
				}
			}
		}
		if v.maxLen != 128 {
			t.Errorf("%s: longest token %d bytes, expected 128", name, v.maxLen)
		}
	}
}
