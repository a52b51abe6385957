package tokens

import (
	"context"
	"errors"
	"strings"
	"testing"

	"ctxlab/core/internal/testtext"
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
