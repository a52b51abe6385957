package tokens

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"strconv"

	"github.com/pkoukk/tiktoken-go-loader/assets"
)

// vocabulary is an encoding's mergeable tokens: rank by bytes, and bytes
// by rank for decoding.
type vocabulary struct {
	ranks  map[string]int
	tokens []string
	maxLen int // the longest token's length in bytes
}

// loadVocabulary reads an encoding's .tiktoken file (one "base64 rank"
// line per token), compiled into the binary by tiktoken-go-loader, so
// nothing is downloaded. It reads the file itself rather than through
// tiktoken-go: the decoded tokens share one allocation, the map is sized
// up front, and tiktoken-go's sorted copy of every token and its compiled
// regular expressions, which ctxlab does not use, are never built.
func loadVocabulary(name string) (*vocabulary, error) {
	file, err := assets.Assets.ReadFile(name + ".tiktoken")
	if err != nil {
		return nil, err
	}
	lines := bytes.Count(file, []byte{'\n'}) + 1
	decoded := make([]byte, 0, base64.StdEncoding.DecodedLen(len(file)))
	type entry struct{ start, end, rank int }
	entries := make([]entry, 0, lines)
	maxRank := -1
	for line, rest := 1, file; len(rest) > 0; line++ {
		text := rest
		if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
			text, rest = rest[:nl], rest[nl+1:]
		} else {
			rest = nil
		}
		if len(text) == 0 {
			continue
		}
		sp := bytes.IndexByte(text, ' ')
		if sp < 0 {
			return nil, fmt.Errorf("%s.tiktoken line %d: expected \"base64 rank\"", name, line)
		}
		start := len(decoded)
		decoded = decoded[:start+base64.StdEncoding.DecodedLen(sp)]
		n, err := base64.StdEncoding.Decode(decoded[start:], text[:sp])
		if err != nil {
			return nil, fmt.Errorf("%s.tiktoken line %d: %w", name, line, err)
		}
		decoded = decoded[:start+n]
		rank, err := strconv.Atoi(string(text[sp+1:]))
		if err != nil || rank < 0 {
			return nil, fmt.Errorf("%s.tiktoken line %d: rank %q is not a whole number", name, line, text[sp+1:])
		}
		entries = append(entries, entry{start, start + n, rank})
		maxRank = max(maxRank, rank)
	}
	all := string(decoded) // one copy; every token is a slice of it
	v := &vocabulary{ranks: make(map[string]int, len(entries)), tokens: make([]string, maxRank+1)}
	for _, e := range entries {
		token := all[e.start:e.end]
		v.ranks[token] = e.rank
		v.tokens[e.rank] = token
		v.maxLen = max(v.maxLen, len(token))
	}
	return v, nil
}
