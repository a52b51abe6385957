package tokens

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"ctxlab/internal/alloctest"
	"ctxlab/internal/racetest"
)

// These tests hold backtrack (the count of a long piece in constant
// memory) and its fallback dpCount to the merge and to tiktoken-go.

// mergeCount is the merge's count of one piece, the reference.
func mergeCount(piece string, enc *encoding) int {
	n := 0
	bytePairMerge(piece, enc.ranks, enc.maxLen, func(string) { n++ })
	return n
}

// mergeTokens is the merge's tokens of one piece, the reference.
func mergeTokens(piece string, enc *encoding) []string {
	var tokens []string
	bytePairMerge(piece, enc.ranks, enc.maxLen, func(t string) { tokens = append(tokens, t) })
	return tokens
}

// backtrackEncoding is a fresh encoding of its own (no piece it counted
// before is remembered) that sends every piece of two bytes or more
// through backtrack, restored when the test ends.
func backtrackEncoding(t testing.TB, name string, window int) *encoding {
	t.Helper()
	pieceBytes, oldWindow := backtrackPieceBytes, backtrackWindow
	backtrackPieceBytes, backtrackWindow = 2, window
	t.Cleanup(func() { backtrackPieceBytes, backtrackWindow = pieceBytes, oldWindow })
	b, err := NewBPE(name)
	if err != nil {
		t.Fatal(err)
	}
	return b.load()
}

// checkPiece compares every way of counting and splitting piece with the
// merge: backtrack at window (ok false is allowed only when its window
// is left), dpCount, countLong and splitPiece. It reports whether
// backtrack left its window.
func checkPiece(t testing.TB, enc *encoding, name, label, piece string, window int) (left bool) {
	t.Helper()
	want := mergeTokens(piece, enc)
	v := enc.backtrackVocab()
	s := v.scratch.Get().(*backtrackScratch)
	defer v.scratch.Put(s)
	var got []string
	n, ok := backtrack(piece, v, s, window, func(tok int32) bool {
		got = append(got, v.ranks.token(int(tok)))
		return true
	}, nil)
	if ok && (n != len(want) || !slices.Equal(got, want)) {
		t.Fatalf("%s, %s: %q\nbacktrack %d %q\nmerge     %d %q", name, label, clip(piece), n, got, len(want), want)
	}
	if n, ok := dpCount(piece, v, s, nil); !ok || n != len(want) {
		t.Fatalf("%s, %s: %q: dpCount %d (ok %v), merge %d", name, label, clip(piece), n, ok, len(want))
	}
	if n, _ := enc.countLong(piece, nil); n != len(want) {
		t.Fatalf("%s, %s: %q: countLong %d, merge %d", name, label, clip(piece), n, len(want))
	}
	got = got[:0]
	enc.splitPiece(piece, func(tok string) bool {
		got = append(got, tok)
		return true
	})
	if !slices.Equal(got, want) {
		t.Fatalf("%s, %s: %q\nsplitPiece %q\nmerge      %q", name, label, clip(piece), got, want)
	}
	return !ok
}

// randomPiece is size bytes or a little more of runes drawn from alphabet.
func randomPiece(rng *rand.Rand, alphabet []rune, size int) string {
	var b strings.Builder
	for b.Len() < size {
		b.WriteRune(alphabet[rng.IntN(len(alphabet))])
	}
	return b.String()
}

var backtrackAlphabets = []string{"a", "ab", "ACGT", "=-", "aeiou nrst", "0123456789", "漢字かなカナ的一是不了人我在有", "\xff\xfe\x00\x01 ", "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"}

// TestBacktrackMatchesMerge: runs of one byte of every length to 200,
// and 500 random pieces of up to 1,500 bytes over small alphabets,
// counted and split alike by every path, in both vocabularies.
func TestBacktrackMatchesMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 40))
	for _, name := range bpeNames {
		enc := backtrackEncoding(t, name, backtrackWindow)
		for n := 1; n <= 200; n++ {
			checkPiece(t, enc, name, fmt.Sprintf("a × %d", n), strings.Repeat("a", n), backtrackWindow)
		}
		for i := range racetest.Cut(500, 5) {
			alphabet := []rune(backtrackAlphabets[i%len(backtrackAlphabets)])
			piece := randomPiece(rng, alphabet, 1+rng.IntN(1+[]int{8, 40, 300, 1500}[i%4]))
			if checkPiece(t, enc, name, fmt.Sprintf("random piece %d", i), piece, backtrackWindow) {
				t.Errorf("%s: random piece %d left the window of %d tokens", name, i, backtrackWindow)
			}
		}
	}
}

// TestBacktrackPunctuationRuns: runs of punctuation, where backtrack
// pushes a short token after each long one and pops it at a dead end
// (firstValid answers the dead ends, a remembered walk down the trie the
// longest token): runs of every length to 300, whose ends need the short
// tokens, and runs and repeated patterns broken by another byte, where
// the remembered walk stops holding.
func TestBacktrackPunctuationRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for _, name := range bpeNames {
		enc := backtrackEncoding(t, name, backtrackWindow)
		for _, c := range []string{"=", "-", "*", "#", "~", "_", ".", "/"} {
			for n := 1; n <= racetest.Cut(300, 5); n++ {
				checkPiece(t, enc, name, fmt.Sprintf("%q × %d", c, n), strings.Repeat(c, n), backtrackWindow)
			}
		}
		for i := range racetest.Cut(200, 5) {
			unit := []string{"=", "-", "*", "=-", "-=*", "ab", "==-"}[i%7]
			b := []byte(strings.Repeat(unit, 1+rng.IntN(1500/len(unit))))
			for range 1 + rng.IntN(4) {
				b[rng.IntN(len(b))] = "=-*a \n"[rng.IntN(6)]
			}
			checkPiece(t, enc, name, fmt.Sprintf("broken run %d", i), string(b), backtrackWindow)
		}
	}
}

// TestBacktrackLongPieces: pieces of 100,000 bytes (20,000 under the race
// detector), far past the window.
func TestBacktrackLongPieces(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, name := range bpeNames {
		enc := backtrackEncoding(t, name, backtrackWindow)
		for _, alphabet := range []string{"a", "ACGT", "漢字かなカナ的一是不了人我在有", "=", "-", "*"} {
			piece := randomPiece(rng, []rune(alphabet), racetest.Cut(100_000, 5))
			if checkPiece(t, enc, name, "100 KB of "+alphabet, piece, backtrackWindow) {
				t.Errorf("%s: 300 KB of %q left the window", name, alphabet)
			}
		}
	}
}

// TestBacktrackLeavesASmallWindow forces the fallbacks: with a window of
// one token, random ACGT needs pops below it, and the count (dpCount)
// and the split (the merge) are still the merge's.
func TestBacktrackLeavesASmallWindow(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, name := range bpeNames {
		enc := backtrackEncoding(t, name, 1)
		left, pieces := 0, racetest.Cut(200, 5)
		for i := range pieces {
			piece := randomPiece(rng, []rune(backtrackAlphabets[i%len(backtrackAlphabets)]), 2+rng.IntN(1000))
			if checkPiece(t, enc, name, fmt.Sprintf("piece %d, window 1", i), piece, 1) {
				left++
			}
		}
		if left == 0 {
			t.Fatalf("%s: no piece left a window of one token: the fallbacks went untested", name)
		}
		t.Logf("%s: %d of %d pieces left a window of one token", name, left, pieces)
	}
}

// TestBacktrackMatchesTiktoken sends every piece of text through
// backtrack and compares the whole encoding with tiktoken-go's, on the
// start of every corpus file, on random Unicode and on the long pieces tiktoken-go can take;
// with a window of one token on all but the corpus.
func TestBacktrackMatchesTiktoken(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var texts []string
	for range racetest.Cut(200, 5) {
		texts = append(texts, randomText(rng, 1+rng.IntN(60)))
	}
	for _, alphabet := range backtrackAlphabets {
		texts = append(texts, randomPiece(rng, []rune(alphabet), racetest.Cut(3000, 5)))
	}
	texts = append(texts, strings.Repeat("=", racetest.Cut(3001, 5)), strings.Repeat(" ", racetest.Cut(3000, 5))+"end", strings.Repeat("漢", racetest.Cut(1000, 5)))
	var corpus []string
	for _, text := range corpusTexts(t) {
		corpus = append(corpus, text[:min(len(text), racetest.Cut(8<<10, 5))])
	}
	for _, name := range bpeNames {
		all := append(corpus, texts...)
		want := make([][]int, len(all))
		for i, text := range all {
			want[i] = oracle(t, name).EncodeOrdinary(text)
		}
		for _, window := range []int{backtrackWindow, 1} {
			enc := backtrackEncoding(t, name, window)
			for i, text := range all {
				if window != backtrackWindow && i < len(corpus) {
					continue
				}
				if got := enc.encode(text); !slices.Equal(got, want[i]) {
					t.Fatalf("%s, window %d, text %d: %q\nours     %v\ntiktoken %v", name, window, i, clip(text), got, want[i])
				}
				if n := enc.count(text); n != len(want[i]) {
					t.Fatalf("%s, window %d, text %d: count %d, tiktoken %d: %q", name, window, i, n, len(want[i]), clip(text))
				}
				total := len(want[i])
				if start, n := enc.tailStart(validText(text), 7); n != total || (total > 7 && start != len(enc.decode(want[i][:total-7]))) {
					t.Fatalf("%s, window %d, text %d: tailStart %d of %d tokens: %q", name, window, i, start, n, clip(text))
				}
			}
		}
	}
}

// TestCountLongPieceAllocatesLittle: counting one piece of 2 MiB (a line
// of 'a', ACGT, Chinese without punctuation) allocates at most the
// scratch's few hundred kilobytes, where the merge held 22-30 bytes per
// byte. Under the race detector the pieces are 400 KiB, still 3 MB for
// the merge.
func TestCountLongPieceAllocatesLittle(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := map[string]string{
		"a":    strings.Repeat("a", racetest.Cut(2<<20, 5)),
		"ACGT": randomPiece(rng, []rune("ACGT"), racetest.Cut(2<<20, 5)),
		"Han":  randomPiece(rng, []rune("漢字的一是不了人我在有中国大学生"), racetest.Cut(2<<20, 5)),
	}
	for _, name := range []string{TokenizerO200K} {
		b, err := NewBPE(name)
		if err != nil {
			t.Fatal(err)
		}
		enc := b.load()
		enc.countLong("warm up the vocabulary's tables and the pool "+strings.Repeat("b", 100), nil)
		for label, piece := range pieces {
			// The scratch is pooled; a collection between the two
			// calls may drop it, and then it is made again: 600 KB.
			if got := alloctest.Least(1<<20, func() { enc.countLong(piece, nil) }); got > 1<<20 {
				t.Errorf("%s, 2 MiB of %s: counting allocated %d bytes, want at most 1 MiB", name, label, got)
			}
		}
	}
}

// TestCountLongPiecesInParallel: counts share the vocabulary's splits and
// prefixes, learnt as they go, and a pool of scratch; under the race
// detector this proves the sharing safe, and every count still equals
// the merge's.
func TestCountLongPiecesInParallel(t *testing.T) {
	enc := backtrackEncoding(t, TokenizerO200K, backtrackWindow)
	rng := rand.New(rand.NewPCG(13, 14))
	pieces := make([]string, 8)
	want := make([]int, len(pieces))
	for i := range pieces {
		pieces[i] = randomPiece(rng, []rune(backtrackAlphabets[i%len(backtrackAlphabets)]), 20_000)
		want[i] = mergeCount(pieces[i], enc)
	}
	got := make([]int, len(pieces))
	var wg sync.WaitGroup
	for i, piece := range pieces {
		wg.Go(func() { got[i], _ = enc.countLong(piece, nil) })
	}
	wg.Wait()
	if !slices.Equal(got, want) {
		t.Fatalf("counts in parallel %v, merge %v", got, want)
	}
}

// FuzzBacktrackMatchesMerge compares backtrack, dpCount and the split of
// arbitrary bytes as one piece with the merge, at the production window
// and at a window of one token, which forces the fallbacks.
func FuzzBacktrackMatchesMerge(f *testing.F) {
	for _, seed := range []string{"aaaa", "ACGTACGTTGCA", "=-=-=-==", "漢字かなカナ", "\xff\xfe\x00", "hello world", "0123456789"} {
		f.Add(seed)
	}
	encs := map[string]*encoding{}
	for _, name := range bpeNames {
		encs[name] = backtrackEncoding(f, name, backtrackWindow)
	}
	f.Fuzz(func(t *testing.T, piece string) {
		if len(piece) > 4096 {
			return
		}
		for _, name := range bpeNames {
			checkPiece(t, encs[name], name, "fuzz", piece, backtrackWindow)
			checkPiece(t, encs[name], name, "fuzz, window 1", piece, 1)
		}
	})
}

// TestSplitPieceAfterWalk: a piece countLong walked within the window is
// marked walked, so splitPiece makes only its emitting pass, and its
// tokens are still the merge's; at a window of one token ACGT leaves the
// window, is not marked, and splitPiece falls back to the merge.
func TestSplitPieceAfterWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	piece := randomPiece(rng, []rune("ACGT"), racetest.Cut(100_000, 5))
	for _, window := range []int{backtrackWindow, 1} {
		enc := backtrackEncoding(t, TokenizerO200K, window)
		want := mergeTokens(piece, enc)
		if n, _ := enc.countLong(piece, nil); n != len(want) {
			t.Fatalf("window %d: countLong %d, merge %d", window, n, len(want))
		}
		if walked := enc.pieces.long.wasWalked(fingerprint(piece)); walked != (window > 1) {
			t.Fatalf("window %d: marked walked %v", window, walked)
		}
		var got []string
		enc.splitPiece(piece, func(tok string) bool {
			got = append(got, tok)
			return true
		})
		if !slices.Equal(got, want) {
			t.Fatalf("window %d: splitPiece after countLong differs from the merge", window)
		}
	}
}
