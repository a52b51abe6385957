package tokens

import (
	"math/rand"
	"strings"
	"testing"
)

// articleSplitIntoChunks is split_into_chunks as the article writes it,
// joining strings: SplitIntoChunks, which slices the text instead, must
// give the same chunks.
func articleSplitIntoChunks(text string, maxTokens int, tok Tokenizer) []string {
	var chunks []string
	current := ""
	for _, para := range strings.Split(text, ChunkParagraphSeparator) {
		if current != "" && tok.Count(current+para) > maxTokens {
			chunks = append(chunks, chunkStrip(current))
			current = para
			continue
		}
		if current != "" {
			current += ChunkParagraphSeparator + para
		} else {
			current = para
		}
	}
	if s := chunkStrip(current); s != "" {
		chunks = append(chunks, s)
	}
	return chunks
}

func TestSplitIntoChunksSlicesAsTheArticleJoins(t *testing.T) {
	// Empty paragraphs, runs of three newlines, spaces that strip away
	// and paragraphs longer than the limit are where slicing could differ.
	parts := []string{"alpha beta", "gamma", "", "\n", " ", "delta epsilon zeta eta theta iota kappa", "\n\n", "x"}
	rng := rand.New(rand.NewSource(1))
	bpe, err := ByName(TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range []Tokenizer{Heuristic{}, bpe} {
		for range 400 {
			var b strings.Builder
			for range rng.Intn(12) {
				b.WriteString(parts[rng.Intn(len(parts))])
				b.WriteString([]string{"\n\n", "\n", " ", "\n\n\n"}[rng.Intn(4)])
			}
			text, limit := b.String(), 1+rng.Intn(12)
			got, want := SplitIntoChunks(text, limit, tok), articleSplitIntoChunks(text, limit, tok)
			if strings.Join(got, "\x00") != strings.Join(want, "\x00") || len(got) != len(want) {
				t.Fatalf("%s, %d tokens, %q:\n got %q\nwant %q", tok.Name(), limit, text, got, want)
			}
		}
	}
}
