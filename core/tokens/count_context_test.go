package tokens

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/internal/racetest"
)

func TestCountContextCountsAsCountDoesAndReportsProgress(t *testing.T) {
	text := testtext.Prose(600<<10, 3)
	for _, name := range bpeNames {
		tok, _ := ByName(name)
		bpe := tok.(*BPE)
		var reports []int
		n, err := bpe.CountContext(context.Background(), text, func(bytes int) { reports = append(reports, bytes) })
		if err != nil || n != bpe.Count(text) {
			t.Fatalf("%s: CountContext %d, %v; Count %d", name, n, err, bpe.Count(text))
		}
		if len(reports) < 5 {
			t.Fatalf("%s: %d progress reports for 600 KB", name, len(reports))
		}
		for i, r := range reports {
			if r <= 0 || r > len(text) || (i > 0 && r <= reports[i-1]) {
				t.Fatalf("%s: progress %v does not grow within the text", name, reports)
			}
		}
	}
}

func TestCountContextStops(t *testing.T) {
	tok, _ := ByName(TokenizerO200K)
	ctx, cancel := context.WithCancel(context.Background())
	steps := 0
	_, err := tok.(*BPE).CountContext(ctx, strings.Repeat("word ", 200_000), func(int) {
		steps++
		cancel()
	})
	if !errors.Is(err, context.Canceled) || steps != 1 {
		t.Errorf("after a cancel at the first step: %d steps, err %v", steps, err)
	}
}

// longPieceText is text around one pre-token of size bytes of ACGT, far
// longer than countStep, and that pre-token.
func longPieceText(size int) (text, piece string) {
	rng := rand.New(rand.NewPCG(21, 22))
	piece = randomPiece(rng, []rune("ACGT"), size)
	return longPiecePrefix + piece + longPieceSuffix, piece
}

// longPieceTestBytes is long enough for four reports inside the piece,
// and no longer: no raceCut, which would leave one.
const longPieceTestBytes = 4*countStep + countStep/2

const longPiecePrefix, longPieceSuffix = "a DNA sequence:\n", "\nend of it"

// longPieceTextCount is the count of longPieceText's text by the merge.
func longPieceTextCount(enc *encoding, piece string) int {
	return enc.count(longPiecePrefix) + mergeCount(piece, enc) + enc.count(longPieceSuffix)
}

// TestCountContextReportsWithinALongPiece: one pre-token of 288 KiB is
// counted in one call of backtrack, which looks at the context every
// countStep bytes: the progress reports fall inside the piece and grow,
// and the count is the merge's. Window 1 sends the count through dpCount
// after backtrack leaves its window; its reports still grow.
func TestCountContextReportsWithinALongPiece(t *testing.T) {
	text, piece := longPieceText(longPieceTestBytes)
	pieceEnd := len(longPiecePrefix) + len(piece)
	for w, window := range []int{backtrackWindow, 1} {
		for j, name := range bpeNames {
			if racetest.Enabled && j != w%len(bpeNames) {
				continue // under -race each window with one vocabulary
			}
			enc := backtrackEncoding(t, name, window)
			backtrackPieceBytes = 64 << 10 // only the long piece goes through backtrack
			var reports []int
			n, err := enc.countContext(context.Background(), text, func(bytes int) { reports = append(reports, bytes) })
			if want := longPieceTextCount(enc, piece); err != nil || n != want {
				t.Fatalf("%s, window %d: countContext %d, %v; want %d", name, window, n, err, want)
			}
			inside := 0
			for i, r := range reports {
				if i > 0 && r <= reports[i-1] {
					t.Fatalf("%s, window %d: progress %v does not grow", name, window, reports)
				}
				if r > len(longPiecePrefix) && r < pieceEnd {
					inside++
				}
			}
			if inside < 2 {
				t.Errorf("%s, window %d: %d reports inside a piece of %d bytes (%v)", name, window, inside, len(piece), reports)
			}
		}
	}
}

// TestCountContextStopsWithinALongPiece: a cancel at the first report,
// which comes from inside the one long piece, ends the count there with
// the context's error, and the stopped count is not remembered as the
// piece's.
func TestCountContextStopsWithinALongPiece(t *testing.T) {
	text, piece := longPieceText(longPieceTestBytes)
	for _, window := range []int{backtrackWindow, 1} {
		enc := backtrackEncoding(t, TokenizerO200K, window)
		backtrackPieceBytes = 64 << 10
		ctx, cancel := context.WithCancel(context.Background())
		var reports []int
		_, err := enc.countContext(ctx, text, func(bytes int) {
			reports = append(reports, bytes)
			cancel()
		})
		if !errors.Is(err, context.Canceled) || len(reports) != 1 || reports[0] >= len(text)/2 {
			t.Errorf("window %d: after a cancel at the first report: reports %v, err %v", window, reports, err)
		}
		if n, want := enc.count(text), longPieceTextCount(enc, piece); n != want {
			t.Errorf("window %d: count after the stopped one %d, want %d", window, n, want)
		}
	}
}
