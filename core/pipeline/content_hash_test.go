package pipeline

import (
	"crypto/md5"
	"math/rand/v2"
	"strings"
	"testing"

	"ctxlab/core/pycompat"
)

// referenceKey is the exact-duplicate key built the way the reference
// spells it: lowercase, collapse whitespace, hash.
func referenceKey(content string) [md5.Size]byte {
	return md5.Sum([]byte(pycompat.CollapseWhitespace(strings.ToLower(content))))
}

// contentKeyPieces are what the one-pass hash must treat as the
// reference does: every kind of whitespace Python's \s matches (ASCII,
// the information separators, U+0085, U+00A0, U+2028, U+3000), capitals
// with and without a simple lowercase, letters whose lowercase is
// longer or shorter in UTF-8 (U+0130, U+2C6F, U+1E9E), invalid bytes
// and a cut character, and U+FFFD itself.
var contentKeyPieces = []string{
	"a", "Word", "ABC", " ", "  ", "\t", "\n", "\r\n", "\v\f", "\x1c\x1d\x1e\x1f",
	"\u0085", "\u00a0", "\u2028", "\u3000", "\u200b", "É", "Σ", "İ", "\u2c6f", "\u1e9e",
	"漢字", "🙂", "\xff", "\xe2\x80", "\ufffd", "x\x00y",
}

func randomContent(rng *rand.Rand, pieces int) string {
	var b strings.Builder
	for range pieces {
		b.WriteString(contentKeyPieces[rng.IntN(len(contentKeyPieces))])
	}
	return b.String()
}

// The one-pass key equals the reference's on every kind of character,
// on texts short enough for the buffer and long enough to stream, and a
// hasher reused for many texts carries nothing from one to the next.
func TestContentHashIsTheReferenceKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 14))
	var hasher contentHasher
	texts := []string{"", " ", "A", strings.Repeat("Ab ", 10_000), strings.Repeat("\u00a0É", 5_000)}
	for range 3_000 {
		texts = append(texts, randomContent(rng, rng.IntN(40)))
	}
	for range 30 {
		texts = append(texts, randomContent(rng, 2_000+rng.IntN(8_000)))
	}
	// Near the buffer's end a multi-byte character must not be split.
	for pad := len(hasher.buf) - 8; pad < len(hasher.buf)+8; pad++ {
		texts = append(texts, strings.Repeat("a", pad)+"漢\u00a0İ🙂 b")
	}
	for _, text := range texts {
		if got, want := hasher.sum(text), referenceKey(text); got != want {
			t.Fatalf("%q (%d bytes): key %x, the reference's %x", text[:min(len(text), 60)], len(text), got, want)
		}
	}
}

func FuzzContentHash(f *testing.F) {
	for _, p := range contentKeyPieces {
		f.Add(p + " X " + p)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var hasher contentHasher
		if got, want := hasher.sum(text), referenceKey(text); got != want {
			t.Fatalf("%q: key %x, the reference's %x", text, got, want)
		}
	})
}

// BenchmarkContentHash is the exact-duplicate key of 10,000 documents
// against building the lowercased and collapsed copies to hash them.
func BenchmarkContentHash(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	docs := make([]string, 10_000)
	size := 0
	for i := range docs {
		docs[i] = randomContent(rng, 200)
		size += len(docs[i])
	}
	b.Run("one pass", func(b *testing.B) {
		b.SetBytes(int64(size))
		var hasher contentHasher
		for range b.N {
			for _, d := range docs {
				hasher.sum(d)
			}
		}
	})
	b.Run("copies", func(b *testing.B) {
		b.SetBytes(int64(size))
		for range b.N {
			for _, d := range docs {
				referenceKey(d)
			}
		}
	})
}
