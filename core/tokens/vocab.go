package tokens

import "fmt"

// vocabulary is an encoding's mergeable tokens: rank by bytes, and bytes
// by rank for decoding.
type vocabulary struct {
	name   string // the encoding's, as ByName knows it
	ranks  *rankTable
	maxLen int // the longest token's length in bytes
}

// loadVocabulary opens an encoding's vocabulary, compiled into the binary
// with its rank table (vocab_file.go), so nothing is downloaded or read
// from disk and nothing is built but the tokens' offsets. tiktoken-go's
// own loading (a map of every token, a sorted copy of them and compiled
// regular expressions, which ctxlab does not use) is never run.
func loadVocabulary(name string) (*vocabulary, error) {
	file, ok := vocabFiles[name]
	if !ok {
		return nil, fmt.Errorf("no compiled-in vocabulary for %q", name)
	}
	ranks, maxLen, err := readVocabFile(file)
	if err != nil {
		return nil, fmt.Errorf("vocabulary %s: %w", name, err)
	}
	return &vocabulary{name: name, ranks: ranks, maxLen: maxLen}, nil
}
