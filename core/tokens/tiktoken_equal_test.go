package tokens

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/pkoukk/tiktoken-go"
	tiktokenloader "github.com/pkoukk/tiktoken-go-loader"

	"ctxlab/internal/racetest"
	"ctxlab/internal/testcorpus"
)

// These tests prove that ctxlab's encoder gives tiktoken-go's tokens:
// tiktoken-go (EncodeOrdinary) is the oracle, our Encode and Count must
// agree with it on real text, random Unicode, long single pieces and
// whatever the fuzzer finds.

var bpeNames = []string{TokenizerCL100K, TokenizerO200K}

var (
	oracleOnce sync.Once
	oracles    map[string]*tiktoken.Tiktoken
)

func oracle(t testing.TB, name string) *tiktoken.Tiktoken {
	oracleOnce.Do(func() {
		tiktoken.SetBpeLoader(tiktokenloader.NewOfflineLoader())
		oracles = map[string]*tiktoken.Tiktoken{}
		for _, n := range bpeNames {
			enc, err := tiktoken.GetEncoding(n)
			if err != nil {
				panic(err)
			}
			oracles[n] = enc
		}
	})
	return oracles[name]
}

// checkAgainstTiktoken compares Encode and the uncached Count of text.
func checkAgainstTiktoken(t testing.TB, name, label, text string) {
	t.Helper()
	want := oracle(t, name).EncodeOrdinary(text)
	b, _ := ByName(name)
	enc := b.(*BPE).load()
	got := enc.encode(text)
	if !slices.Equal(got, want) {
		t.Fatalf("%s, %s: %q\nours     %v\ntiktoken %v", name, label, clip(text), got, want)
	}
	if n := enc.count(text); n != len(want) {
		t.Fatalf("%s, %s: count %d, tiktoken %d tokens: %q", name, label, n, len(want), clip(text))
	}
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// corpusTexts are every text file of the test corpus and the sample,
// whole and line by line.
func corpusTexts(t *testing.T) map[string]string {
	texts := map[string]string{}
	for _, root := range []string{testcorpus.Dir(), filepath.Join("..", "..", "sample")} {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			texts[path] = string(data)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(texts) < 15 {
		t.Fatalf("only %d corpus files found", len(texts))
	}
	return texts
}

// TestEncodeMatchesTiktokenOnCorpus compares both encodings with
// tiktoken-go on each corpus file and each of its lines; under the race
// detector, each file with one encoding in turn, on the whole file and a
// twentieth of its lines.
func TestEncodeMatchesTiktokenOnCorpus(t *testing.T) {
	t.Parallel()
	texts := corpusTexts(t)
	for k, path := range slices.Sorted(maps.Keys(texts)) {
		text := texts[path]
		for j, name := range bpeNames {
			if racetest.Enabled && j != k%len(bpeNames) {
				continue
			}
			checkAgainstTiktoken(t, name, path, text)
			for i, line := range strings.Split(text, "\n") {
				if racetest.Enabled && i%20 != 0 {
					continue
				}
				checkAgainstTiktoken(t, name, fmt.Sprintf("%s line %d", path, i+1), line)
			}
		}
	}
}

// randomAlphabet mixes every class the patterns distinguish: ASCII,
// contraction letters and apostrophes, upper, lower, title-case, modifier
// and other letters, marks, numbers, Unicode spaces, newlines, symbols,
// emoji and invalid bytes.
var randomAlphabet = func() []string {
	pieces := strings.Split("a b z A Z ' 's 'S 'll 'LL 're 've 'd 'm 't 0 7 42 1234 . , ! ? / // - = _ ( ) { } \" \\ < | >", " ")
	pieces = append(pieces, " ", "  ", "\t", "\n", "\r", "\r\n", "\n\n", "\v", "\f", "\u00a0", "\u2003", "\u3000", "\u0085", "\u2028")
	for _, table := range []*unicode.RangeTable{unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Mn, unicode.Mc, unicode.Me, unicode.Nd, unicode.Nl, unicode.No, unicode.P, unicode.S, unicode.Zs} {
		for _, r16 := range table.R16 {
			for r := rune(r16.Lo); r <= rune(r16.Hi); r += rune(r16.Stride) * 37 {
				pieces = append(pieces, string(r))
			}
		}
		for _, r32 := range table.R32 {
			pieces = append(pieces, string(rune(r32.Lo)))
		}
	}
	return append(pieces, "é", "e\u0301", "İ", "ß", "ǅ", "K", "ſ", "中文", "日本語", "🙂", "👩‍👩‍👧", "\xff", "\xc3", "\xe2\x82", "<|endoftext|>")
}()

func randomText(rng *rand.Rand, parts int) string {
	var sb strings.Builder
	for range parts {
		sb.WriteString(randomAlphabet[rng.IntN(len(randomAlphabet))])
	}
	return sb.String()
}

func TestEncodeMatchesTiktokenOnRandomUnicode(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 9))
	n := racetest.Cut(3000, 5)
	if testing.Short() {
		n = 300
	}
	for i := range n {
		text := randomText(rng, 1+rng.IntN(40))
		for _, name := range bpeNames {
			checkAgainstTiktoken(t, name, fmt.Sprintf("random text %d", i), text)
		}
	}
}

// TestEncodeMatchesTiktokenOnLongPieces: one pre-tokenized piece of a few
// thousand bytes, where the merge order matters most. tiktoken-go is
// quadratic here, so the pieces stay short enough for it.
func TestEncodeMatchesTiktokenOnLongPieces(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	base64Chars := "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	blob := make([]byte, 3000)
	for i := range blob {
		blob[i] = base64Chars[rng.IntN(len(base64Chars))]
	}
	pieces := map[string]string{
		"= × 3,001":      strings.Repeat("=", 3001),
		"a × 3,000":      strings.Repeat("a", 3000),
		"x × 2,999":      strings.Repeat("x", 2999),
		"spaces × 3,000": strings.Repeat(" ", 3000) + "end",
		"漢 × 1,000":      strings.Repeat("漢", 1000),
		"abab…":          strings.Repeat("ab", 1500),
		"base64":         string(blob),
		"digits":         strings.Repeat("0123456789", 300),
		"-=-":            strings.Repeat("-=", 1500),
	}
	for label, piece := range pieces {
		for _, name := range bpeNames {
			checkAgainstTiktoken(t, name, label, piece)
		}
	}
}

// FuzzEncodeMatchesTiktoken compares both encodings on arbitrary text.
func FuzzEncodeMatchesTiktoken(f *testing.F) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		f.Add(randomText(rng, 12))
	}
	for _, seed := range []string{"hello world", "don't STOP'S we'LL", "  \n\n  x", "a\r\n\r\n/b", "=====", "ABCdefGHI", "中文abc", "e\u0301\u0301x", "'s's's"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1024 {
			return // tiktoken-go's quadratic merge would make the run slow, not wrong
		}
		for _, name := range bpeNames {
			checkAgainstTiktoken(t, name, "fuzz", text)
		}
	})
}
