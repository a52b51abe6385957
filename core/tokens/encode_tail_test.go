package tokens

import (
	"strings"
	"testing"

	"ctxlab/core/internal/testtext"
)

// The end a cut keeps, found from token offsets, is the bytes of the last
// tokens of the full encoding, decoded: what the cut kept before.
func TestTruncateKeepEndMatchesTheDecodedTail(t *testing.T) {
	texts := []string{
		testtext.Prose(20_000, 3),
		strings.Repeat("日本語のテキスト🙂 mixed with words, 1234567 numbers.\n\n", 200),
		strings.Repeat("a", 5_000) + " " + strings.Repeat("xyzzy", 2_000),
		"short",
		"bad \xff bytes \xfe in the middle " + strings.Repeat("word ", 300),
	}
	for _, name := range []string{TokenizerCL100K, TokenizerO200K} {
		tok, _ := ByName(name)
		enc := tok.(*BPE).load()
		for ti, text := range texts {
			ids := enc.encode(text)
			for _, keep := range []int{0, 1, 2, 7, 100, len(ids) - 1, len(ids), len(ids) + 5} {
				if keep < 0 {
					continue
				}
				want := text
				switch {
				case len(ids) <= keep:
				case keep <= 0:
					want = ""
				default:
					want = trimPartialRunes(enc.decode(ids[len(ids)-keep:]))
				}
				if got := tok.(*BPE).truncate(text, keep, KeepEnd); got != want {
					t.Errorf("%s text %d keep %d: got %d bytes %q..., want %d bytes %q...", name, ti, keep, len(got), head(got), len(want), head(want))
				}
			}
		}
	}
}

func head(s string) string { return s[:min(len(s), 40)] }
